import { siteFacts } from '../../../components/layout/site-facts';
import { CAPTURES_STAY_LOCAL } from './capture-storage';
import { SUPPORTED_BROWSERS } from '#shared/extension/store-links';

export const termsUpdated = '2026-11-29';

/** The Terms of Use, in markdown. */
export const termsOfUse = `
These Terms of Use ("Terms") are an agreement between you and ${siteFacts.company} ("Full Page Shot", "we", "us") about your use of the Full Page Shot browser extension for ${SUPPORTED_BROWSERS}, our website, the image library, Premium and Enterprise group plans (together, the "Service"). By installing the extension or using the Service you agree to these Terms. If you do not agree, do not use the Service.

## 1. Eligibility

You must be **at least 18 years old** to create an account or buy a subscription. If you use the Service on behalf of an organisation, you confirm that you may bind that organisation to these Terms, and "you" includes the organisation.

## 2. Your account

You are responsible for keeping your sign-in details safe and for everything done with your account. Tell us at once at [${siteFacts.supportEmail}](mailto:${siteFacts.supportEmail}) if you think someone else has used it. We may suspend an account that is used in breach of these Terms.

## 3. The Basic plan

The extension's Basic features (full-page capture and export as PNG, JPG or PDF) are free. ${CAPTURES_STAY_LOCAL} Very long pages are split into several images; captures that need 10 or more split images may fail, and we do not guarantee that every page can be captured.

## 4. Premium

**Price.** Premium costs **$12 USD per year**, plus any taxes that apply where you live. Prices are shown before you buy.

**Free trial.** Your first Premium subscription starts with a **7-day free trial**; the trial is offered once per customer, so a later subscription is paid from its first day. If you do not cancel before the trial ends, your subscription begins and you are charged the yearly price at the end of the trial. You can cancel during the trial from your account page without being charged; Premium then ends at once.

**Automatic renewal.** Premium renews automatically every year at the then-current price, charged to your payment method on file, until you cancel. We send you a reminder **3 days before** each renewal. You can turn off automatic renewal or cancel at any time from your account page; Premium then stays active until the end of the current paid period and does not renew. A subscription whose renewal payment failed has no paid period left, so cancelling it ends Premium at once.

**Price changes.** If the price changes, we will tell you at least 30 days before the change applies to your next renewal, so that you can cancel first.

## 5. Enterprise group plans

Enterprise group plans are bought by an organisation for a number of seats. The organisation's administrator invites members, and can deactivate and reactivate them; a seat is used by each active or invited member. To change the administrator or the number of seats, contact enterprise support. An order form or separate agreement between us and the organisation, if any, takes precedence over these Terms.

## 6. Payments and refunds

Payments are processed by our payment processor, Stripe. Subscriptions are paid in advance for the whole period. **There are no prorated refunds**: if you cancel or turn off automatic renewal part-way through a period, you keep access until the end of that period, and we do not refund the unused part. This does not affect any right to a refund that the law of your country gives you and that cannot be excluded.

## 7. Acceptable use

You agree not to use the Service to break the law or the rights of others; to capture, store or share content you have no right to; to interfere with or attempt to gain unauthorised access to the Service or other users' accounts; to reverse engineer the Service except where the law allows it; or to resell the Service without our written permission. You are responsible for the content you capture and how you use it.

## 8. Your content

You own your screenshots and the images you save or upload to the image library. You give us permission to store and process those images only as needed to provide the image library to you, including the share links you create. Each account's image library has a storage limit that depends on its plan; the library shows how much is used, and an upload past the limit is refused. We do not claim any other rights in your content.

## 9. Our intellectual property

The Service, including the extension, the website and our trademarks, belongs to us and our licensors. We give you a personal, non-exclusive, non-transferable licence to use the Service under these Terms.

## 10. Privacy

Our [Privacy Policy](/privacy) explains how we handle personal information. It is part of these Terms.

## 11. Changes to the Service and to these Terms

We improve the Service regularly and may add or remove features. If we change these Terms in a way that matters, we will tell you at least 30 days before the change takes effect. If you keep using the Service after that, the new Terms apply; if you do not agree, you may cancel your subscription before the change takes effect.

## 12. Ending these Terms

You may stop using the Service and close your account at any time. We may suspend or end your access if you seriously or repeatedly breach these Terms. Sections 6, 8, 9, 13, 14 and 15 survive the end of these Terms.

## 13. Disclaimer

The Service is provided "as is" and "as available". To the extent the law allows, we disclaim all warranties, express or implied, including fitness for a particular purpose and non-infringement. We do not promise that the Service will be uninterrupted or error-free, or that every page can be captured.

## 14. Limitation of liability

To the extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for all claims relating to the Service is limited to **the greater of $500 USD or the amounts you paid us in the six months before the event giving rise to the claim**. Nothing in these Terms limits liability that cannot be limited by law.

## 15. Governing law and disputes

These Terms are governed by the laws of the State of Texas, United States, without regard to its conflict-of-law rules. The state and federal courts in Travis County, Texas, have exclusive jurisdiction, unless the law of your country of residence gives you the right to bring proceedings where you live.

## 16. Contact

${siteFacts.company}, ${siteFacts.postalAddress.slice(1).join(', ')}. E-mail: [${siteFacts.supportEmail}](mailto:${siteFacts.supportEmail}).
`;
