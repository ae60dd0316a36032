import { siteFacts } from '../../../components/layout/site-facts';
import { CAPTURES_STAY_LOCAL } from './capture-storage';
import { SUPPORTED_BROWSERS } from '#shared/extension/store-links';

export const privacyUpdated = '2026-11-29';

/** The Privacy Policy, in markdown. */
export const privacyPolicy = `
This Privacy Policy explains what information ${siteFacts.company} ("Full Page Shot", "we", "us") collects when you use the Full Page Shot browser extension for ${SUPPORTED_BROWSERS}, our website, the image library, Premium and Enterprise group plans (together, the "Service"), how we use it, and the choices you have.

**The short version:** ${CAPTURES_STAY_LOCAL} What you save there is stored in your account until you delete it. We collect the minimum we need to run accounts and subscriptions. We have never sold user data, and we never will.

## 1. Who we are

${siteFacts.company} is an independently owned company based in ${siteFacts.city}, United States. We are the controller of the personal information described in this policy. You can reach us at [${siteFacts.privacyEmail}](mailto:${siteFacts.privacyEmail}) or by letter at ${siteFacts.postalAddress.join(', ')}.

## 2. Information we do not collect

- **Your screenshots, unless you save them.** Captures are made and kept inside your browser. They reach us only when you save one to the image library (from the extension's editor, with Add from extension, or by uploading a file), and then only that image (section 3.4).
- **Your browsing history.** The extension reads a page only when you ask it to capture that page, and only to make the capture.
- **Payment card numbers.** Payments are handled by our payment processor, Stripe. We receive only the card brand, the last four digits and the expiry date.

## 3. Information we collect

### 3.1 Account information
When you create an account we store your e-mail address, a user identifier, how you sign in (password or a social provider such as Google) and, if you sign in with a social provider, the basic profile it shares with us (your name and e-mail address).

### 3.2 Subscription and billing information
If you start a Premium trial or subscription, or your organisation buys an Enterprise group plan, we keep your subscription status, plan, billing period, the payment processor's customer identifier, the card brand and last four digits, and your payment history (dates, amounts, receipts and refunds).

### 3.3 Enterprise group plans
If you are invited to an organisation's group plan, we store your e-mail address, your role (administrator or member) and your status (invited, active, deactivated or archived), and we share with the organisation's administrator that you are a member.

### 3.4 Image library and share links
If you save or upload images to the image library, we store:

- each image and a thumbnail of it;
- its title and notes, and its source page address (the address of the page you captured: the extension fills it in when you save from it);
- its file type, size in bytes and pixel dimensions, and when it was added and last changed;
- how much storage your images use in total, which the library shows against your plan's limit.

If you create a share link for an image, we store a hashed form of the link's secret token, when it expires, and how many times it has been opened. Anyone who has the link can see the image and its title until the link expires or you revoke it, so share it only with people you trust.

**Deleting.** Deleting an image in the library removes the image, its thumbnail, its details and its share links from the Service at once; copies in our backups expire within 35 days. Revoking a share link stops it working at once. Closing your account deletes your whole image library (section 7).

### 3.5 Usage and technical information
Our servers log each request they receive (the time, which part of the Service was called, the result, your IP address and your browser's name and version) to keep the Service secure and working; these logs are kept for up to one year. Our website records pages viewed and a few product events (for example, that a checkout step was reached) through an analytics tag, and it may report software errors (the error message, the page address, your browser version and, if you are signed in, your user identifier) so that we can fix them. The extension does not send analytics about the pages you capture.

### 3.6 Messages you send us
When you contact support or sales, sign up for the newsletter, or send us a request form, we keep what you send us, such as your name, e-mail address, company and message.

## 4. How we use information

We use information to provide and secure the Service; to create and sign you in to your account; to process payments, trials and renewals, including the renewal reminder we send 3 days before a Premium subscription renews; to run group plans for organisations; to answer your messages; to send the newsletter if you asked for it (every issue has an unsubscribe link); to understand, in aggregate, how the website is used; and to meet our legal obligations.

Where the GDPR or similar laws apply, our legal bases are: performing our contract with you (accounts, subscriptions, group plans, support), our legitimate interests (security, fixing errors, aggregate analytics), your consent (newsletter, where required by law, and optional cookies), and legal obligations (tax and accounting records).

## 5. How we share information

We do not sell or rent personal information, and we do not share it for cross-context behavioural advertising. We share it only with:

- **Service providers** that process it for us under contract: cloud hosting, our payment processor (Stripe), e-mail delivery, analytics and error reporting;
- **Your organisation's administrator**, if you are a member of an Enterprise group plan, as described in section 3.3;
- **Authorities**, when the law requires it, and then only as much as it requires;
- **A successor**, if the company is ever merged or sold, in which case this policy continues to apply to your information.

## 6. Cookies and local storage

The website uses cookies and browser storage to keep you signed in, to remember the extension's connection state, and for analytics. The extension stores your screenshots and settings in your browser's local storage. You can clear them at any time through your browser settings; removing the extension removes its stored screenshots, but not the images you saved to the image library, which you delete there.

## 7. How long we keep information

We keep account information while your account is open. When you close your account, we delete your account data, your image library and its share links within 30 days, except records we must keep by law, such as invoices, which we keep for as long as tax law requires (generally seven years). Newsletter sign-ups are kept until you unsubscribe.

## 8. Security

We protect information with encryption in transit and at rest, least-privilege access for our staff, and regular reviews of our systems. If a personal data breach occurs that is likely to put your rights at risk, we will notify the competent supervisory authority **within 72 hours** of becoming aware of it, and we will inform affected users without undue delay.

## 9. Your rights

Depending on where you live, you have the right to access, correct, export or delete your personal information, to object to or restrict certain processing, and to withdraw consent at any time. California residents have the right to know, delete and correct, and not to be discriminated against for using these rights; we do not sell or share personal information as those terms are defined in California law. To use any of these rights, write to [${siteFacts.privacyEmail}](mailto:${siteFacts.privacyEmail}). You can also complain to your local data protection authority.

## 10. International transfers

We are based in the United States and process information there. Where information from the European Economic Area, the United Kingdom or Switzerland is transferred, we rely on the European Commission's standard contractual clauses or another lawful transfer mechanism.

## 11. Children

The Service is intended for adults. You must be at least 18 years old to create an account (see the [Terms of Use](/terms-of-use)). We do not knowingly collect information from children; if you believe a child has given us information, contact us and we will delete it.

## 12. Changes to this policy

If we change this policy, we will post the new version here with a new date, and if the changes are significant we will tell you by e-mail or in the Service before they take effect.

## 13. Contact

Questions about privacy: [${siteFacts.privacyEmail}](mailto:${siteFacts.privacyEmail}), or ${siteFacts.postalAddress.join(', ')}.
`;
