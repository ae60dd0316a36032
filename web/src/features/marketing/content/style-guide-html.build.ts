/** The style guide's markdown sample, as HTML rendered at build time (web/build-time-modules-plugin.ts). */
import { markdownToHtml } from '../components/markdown-html';

const markdownSample = `A paragraph with **bold** and \`code\`, a [safe link to the FAQ](/faq), an [external link](https://example.com), and a [blocked javascript link](javascript:alert('xss')), which shows as plain text because \`javascript:\` addresses are blocked.

- A list item
- Another, with a [blocked data link](data:text/html,hello)`;

export const markdownSampleHtml: string = markdownToHtml(markdownSample);
