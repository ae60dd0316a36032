/**
 * A source page address the library keeps and shows as a link: http(s) only, because a
 * `javascript:` address would run script on click. The server's schema and the site's form share it.
 */
export const isWebAddress = (u: string | null | undefined): u is string => !!u && /^https?:\/\//i.test(u);
