/** The Terms of Use as HTML, rendered from markdown at build time (web/build-time-modules-plugin.ts). */
import { markdownToHtml } from '../components/markdown-html';
import { termsOfUse } from './terms-of-use';

export const termsOfUseHtml: string = markdownToHtml(termsOfUse);
