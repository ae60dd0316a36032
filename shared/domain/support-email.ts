/** The support address every page names (config.json `supportEmail` may override it per environment). */
export const SUPPORT_EMAIL = 'support@fullpageshot.com';
