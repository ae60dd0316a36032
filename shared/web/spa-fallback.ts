/**
 * The page served for a path with no file of its own (dynamic routes like /checkout/success, and
 * unknown paths that the SPA answers with its 404 page): the bare SPA shell. Not /index.html,
 * which is the prerendered home page and would flash before the SPA replaced it.
 */
export const SPA_FALLBACK_FILE = 'app-shell.html';
