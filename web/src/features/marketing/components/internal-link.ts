/** The attribute markdownToHtml puts on a link to a same-site path; `<Markdown>` routes a click on it. */
export const INTERNAL_LINK_ATTRIBUTE = 'data-internal';
