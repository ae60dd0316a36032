/** The base of every page title, and the product's name wherever the site names it. */
export const PRODUCT_TITLE = 'Full Page Shot';
const TITLE_SEPARATOR = ' | ';

/** Page name + separator + product title ('About Us | Full Page Shot'); the product title alone without a name. */
export function buildPageTitle(pageName?: string): string {
  const name = pageName?.trim();
  return name ? `${name}${TITLE_SEPARATOR}${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
