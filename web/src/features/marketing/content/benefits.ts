import { paths } from '../../../config/paths';
import { CAPTURES_STAY_LOCAL } from './capture-storage';

/** A benefit on the home page (spec: title, text, type, linkText). */
export interface Benefit {
  title: string;
  text: string;
  /** Which plan brings it. */
  type: 'free' | 'premium';
  linkText: string;
  /** Where the link goes. */
  to: string;
}

export const benefits: Benefit[] = [
  {
    title: 'The whole page in one click',
    text: 'Click the toolbar button or press alt+shift+p. Full Page Shot scrolls the page, captures every part and joins them into one image.',
    type: 'free',
    linkText: 'How capturing works',
    to: paths.faq.href('how-do-i-take-a-full-page-screenshot'),
  },
  {
    title: 'PNG, JPG or PDF',
    text: 'Save a sharp PNG, a compact JPG, or a PDF you can print, share or file.',
    type: 'free',
    linkText: 'About export formats',
    to: paths.faq.href('which-formats-can-i-export'),
  },
  {
    title: 'Your screenshots stay with you',
    text: `${CAPTURES_STAY_LOCAL} We have never sold user data.`,
    type: 'free',
    linkText: 'Read the Privacy Policy',
    to: paths.privacy.href(),
  },
  {
    title: 'Asks only for what it needs',
    text: 'The Downloads and iFrame permissions are requested only when a feature needs them, and you can revoke them at any time.',
    type: 'free',
    linkText: 'About permissions',
    to: paths.faq.href('why-does-the-extension-ask-for-permissions'),
  },
  {
    title: 'Crop, blur and annotate',
    text: 'Crop to what matters, blur private details, and add text and highlights before you share.',
    type: 'premium',
    linkText: 'See what Premium adds',
    to: paths.premium.href(),
  },
  {
    title: 'URL and date stamp, smart PDF pages',
    text: 'Stamp the page address and capture time on the image, and let smart PDF page splitting keep lines of text whole.',
    type: 'premium',
    linkText: 'Try Premium free for 7 days',
    to: paths.premium.href(),
  },
];
