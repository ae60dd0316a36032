/** The one spelling of the product's name: site, extension, e-mails and Stripe (products, receipts). */
export const PRODUCT_NAME = 'Full Page Shot';

/** Stripe allows 5–22 characters, upper case on card statements. */
export const STATEMENT_DESCRIPTOR = 'FULL PAGE SHOT';
