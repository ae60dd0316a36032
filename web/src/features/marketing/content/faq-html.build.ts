/**
 * The FAQ with its answers as HTML, rendered from markdown when the site is built (this module is
 * evaluated at build time: web/build-time-modules-plugin.ts), so the FAQ ships no markdown parser.
 */
import { markdownToHtml } from '../components/markdown-html';
import { faqCategories, type FaqCategory, type FaqEntry } from './faq';

interface FaqHtmlEntry extends Omit<FaqEntry, 'answer'> {
  /** The answer as safe HTML (markdownToHtml). */
  answerHtml: string;
}

export interface FaqHtmlCategory extends Omit<FaqCategory, 'entries'> {
  entries: FaqHtmlEntry[];
}

export const faqHtmlCategories: FaqHtmlCategory[] = faqCategories.map(({ entries, ...category }) => ({
  ...category,
  entries: entries.map(({ answer, ...entry }) => ({ ...entry, answerHtml: markdownToHtml(answer) })),
}));
