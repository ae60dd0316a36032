/** The Privacy Policy as HTML, rendered from markdown at build time (web/build-time-modules-plugin.ts). */
import { markdownToHtml } from '../components/markdown-html';
import { privacyPolicy } from './privacy';

export const privacyPolicyHtml: string = markdownToHtml(privacyPolicy);
