import { EXTENSION_STORES, FIREFOX_MIN_VERSION, SUPPORTED_BROWSERS } from '#shared/extension/store-links';
import { CAPTURES_STAY_LOCAL } from './capture-storage';

/** A question and its answer (markdown). `id` is the anchor: /faq#<id>. */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  entries: FaqEntry[];
}

const introduction: FaqCategory = {
  id: 'introduction',
  title: 'Introduction',
  entries: [
    {
      id: 'what-is-full-page-shot',
      question: 'What is Full Page Shot?',
      answer:
        `Full Page Shot is a browser extension for **${SUPPORTED_BROWSERS}** that captures a whole web page as one screenshot in one click: not just the part you can see, but everything down to the footer. You can save the capture as PNG, JPG or PDF.`,
    },
    {
      id: 'is-it-free',
      question: 'Is it free?',
      answer:
        'Yes. Capturing whole pages and exporting them as PNG, JPG or PDF is free, with no watermark. [Premium](/premium) adds cropping, annotation (blur, text, highlight), a URL and date stamp, smart PDF page splitting and priority support for $12 per year, with a 7-day free trial for new subscribers.',
    },
    {
      id: 'which-browsers-are-supported',
      question: 'Which browsers are supported?',
      answer:
        `Google Chrome and Microsoft Edge on Windows, macOS, Linux and ChromeOS, and Mozilla Firefox ${parseInt(FIREFOX_MIN_VERSION, 10)} or later on Windows, macOS and Linux. Other Chromium-based browsers often work too, but we test only ${SUPPORTED_BROWSERS}. Fast mode, which takes the whole page in one screenshot, is for Chrome and Edge; Firefox captures the page by scrolling.`,
    },
    {
      id: 'how-do-i-install-it',
      question: 'How do I install it?',
      answer:
        `Open the extension’s page in the [Chrome Web Store](${EXTENSION_STORES.chrome.url}), in [Edge Add-ons](${EXTENSION_STORES.edge.url}) or in [Firefox Add-ons](${EXTENSION_STORES.firefox.url}) and choose **Add** (in Firefox, **Add to Firefox**). Pin the camera icon to your toolbar so it is one click away.`,
    },
  ],
};

const capture: FaqCategory = {
  id: 'capture',
  title: 'Capture',
  entries: [
    {
      id: 'how-do-i-take-a-full-page-screenshot',
      question: 'How do I take a full-page screenshot?',
      answer:
        'Click the Full Page Shot icon in your toolbar, or press the keyboard shortcut **alt+shift+p**. Keep the tab open while the extension scrolls through the page; when it is done, the capture opens in a new tab where you can download it.',
    },
    {
      id: 'can-i-change-the-keyboard-shortcut',
      question: 'Can I change the keyboard shortcut?',
      answer:
        'Yes. The default is alt+shift+p. To change it, open `chrome://extensions/shortcuts` in Chrome or `edge://extensions/shortcuts` in Edge and set a new shortcut for Full Page Shot.',
    },
    {
      id: 'which-formats-can-i-export',
      question: 'Which formats can I export?',
      answer:
        '- **PNG**: lossless, best for text and interfaces.\n- **JPG**: smaller files, good for pages with many photos.\n- **PDF**: easy to print, share and file. With Premium, smart PDF page splitting places page breaks between lines of text instead of through them.',
    },
    {
      id: 'why-was-my-capture-split-into-several-images',
      question: 'Why was my capture split into several images?',
      answer:
        'Browsers cannot make a single image larger than a certain size (about 65,000 pixels on a side). For very long pages Full Page Shot therefore splits the capture into several images, each of which you can download. Pages that need **10 or more split images may fail**; if that happens, try zooming the page out (ctrl+minus) before capturing, or capture the page in parts.',
    },
    {
      id: 'where-are-my-screenshots-stored',
      question: 'Where are my screenshots stored?',
      answer:
        `${CAPTURES_STAY_LOCAL} In the browser they stay until you delete them or remove the extension. Only what you save to the image library (with **Save to library** in the editor, **Add from extension** or **Upload** in the library) is stored in your account on our servers, until you delete it there or close your account; see the [Privacy Policy](/privacy).`,
    },
    {
      id: 'why-does-the-extension-ask-for-permissions',
      question: 'Why does the extension ask for permissions?',
      answer:
        'To capture a page, the extension needs access to the tab you are capturing. Two further permissions, **Downloads** (to save files straight to your downloads folder) and **iFrame** (to capture content inside embedded frames), are requested only when you first use a feature that needs them. You can revoke them at any time on the extension’s details page (`chrome://extensions` or `edge://extensions`).',
    },
    {
      id: 'why-do-fixed-headers-look-different',
      question: 'Why do sticky headers appear only once?',
      answer:
        'Many pages keep a header or a chat button fixed on the screen while you scroll. Captured as-is, they would repeat on every screen of the image, so Full Page Shot shows them in the first screen only and hides them while it captures the rest. Everything is put back as it was afterwards.',
    },
    {
      id: 'some-pages-cannot-be-captured',
      question: 'Why can’t I capture some pages?',
      answer:
        'Browsers do not let extensions capture their own internal pages (such as `chrome://` pages, the settings and the extension stores) or, by default, local files. For local files, turn on **Allow access to file URLs** on the extension’s details page.',
    },
  ],
};

const premium: FaqCategory = {
  id: 'premium',
  title: 'Premium',
  entries: [
    {
      id: 'what-does-premium-include',
      question: 'What does Premium include?',
      answer:
        'Cropping, annotation (blur, text and highlight), a URL and date stamp, smart PDF page splitting and priority support. See the [feature comparison](/premium).',
    },
    {
      id: 'how-much-does-premium-cost',
      question: 'How much does Premium cost?',
      answer:
        'Premium costs **$12 USD per year**. New subscribers start with a **7-day free trial**, one per customer: if you have subscribed before, Premium is paid from its first day. It renews automatically each year, and we send you a reminder **3 days before** each renewal. Taxes may apply where you live.',
    },
    {
      id: 'how-do-i-cancel',
      question: 'How do I cancel my trial or subscription?',
      answer:
        'Go to your [account page](/account).\n\n- **During the 7-day free trial**, choose **Cancel trial**: the trial ends at once and you are not charged. The trial is offered once per customer, so a later subscription is paid from its first day.\n- **On a paid year**, turn off **Auto-renew**: Premium stays active until the end of the year you paid for and does not renew.\n- **If a renewal payment failed**, choose **Cancel subscription**: no paid time is left, so Premium ends at once.',
    },
    {
      id: 'do-you-offer-refunds',
      question: 'Do you offer refunds?',
      answer:
        'A free trial costs nothing, so there is nothing to refund: cancelling it ends it at once. A paid year is not refunded pro rata: turn off auto-renew and Premium stays active until the end of that year and does not renew. See section 6 of the [Terms of Use](/terms-of-use). If you were charged by mistake, [contact us](/contact) and we will look into it.',
    },
    {
      id: 'help-i-cant-log-in',
      question: 'Help! I can’t log in',
      answer:
        '1. Sign in with the **same method** you used to sign up: if you signed up with Google, choose Google; if you used an e-mail address and password, use those.\n2. If you have forgotten your password, choose **Forgot password** on the sign-in page and follow the e-mail we send you (check your spam folder).\n3. Force-reload the page: **cmd+shift+r** on Mac, **ctrl+F5** otherwise.\n4. Make sure cookies are allowed for fullpageshot.com, and try again with browser extensions that block scripts turned off.\n\nStill stuck? [Contact support](/contact) with the e-mail address of your account and we will help you in person.',
    },
    {
      id: 'is-there-a-plan-for-teams',
      question: 'Is there a plan for teams?',
      answer:
        'Yes. [Enterprise](/enterprise) group plans give your organisation multi-user accounts with seats and an administrator who invites and manages members. [Contact sales](/sales) for a quote.',
    },
  ],
};

const misc: FaqCategory = {
  id: 'misc',
  title: 'Misc',
  entries: [
    {
      id: 'do-you-sell-my-data',
      question: 'Do you sell my data?',
      answer:
        'No. We have never sold user data and never will. We are independently owned and funded by Premium and Enterprise subscriptions. Read the [Privacy Policy](/privacy) for details.',
    },
    {
      id: 'how-do-i-contact-support',
      question: 'How do I contact support?',
      answer:
        'Write to [support@fullpageshot.com](mailto:support@fullpageshot.com) or see the [Contact](/contact) page. Premium and Enterprise customers get priority support.',
    },
    {
      id: 'i-found-an-accessibility-problem',
      question: 'I found an accessibility problem. How do I report it?',
      answer: 'Thank you! The [Accessibility](/accessibility) page explains how to reach us by e-mail or by letter.',
    },
    {
      id: 'how-do-i-uninstall',
      question: 'How do I uninstall the extension?',
      answer:
        'Right-click the Full Page Shot icon in your toolbar and choose **Remove from Chrome** (or **Remove from Microsoft Edge**). Screenshots stored in the extension are removed with it, so download any you want to keep first.',
    },
  ],
};

/**
 * The categories in the order the sidebar shows them: Introduction, Capture, Misc, with Premium
 * placed before the last one.
 */
function orderFaqCategories(base: FaqCategory[], premiumCategory: FaqCategory): FaqCategory[] {
  if (base.length === 0) return [premiumCategory];
  return [...base.slice(0, -1), premiumCategory, base[base.length - 1]];
}

export const faqCategories: FaqCategory[] = orderFaqCategories([introduction, capture, misc], premium);
