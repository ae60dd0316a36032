/**
 * Where captures are kept, said once for every page that says it (benefits, features table, FAQ,
 * About, Terms; the Privacy Policy spells it out). Since issue #23 a capture can be saved to the
 * image library, so the old promise that no capture ever reaches a server stopped being true:
 * captures stay in the browser unless the user saves them to the library (capture-storage.test.ts).
 */
export const CAPTURES_STAY_LOCAL = 'Screenshots stay in your browser unless you save them to your image library.';

/** The Basic vs Premium table's row. */
export const CAPTURES_STAY_LOCAL_FEATURE = 'Screenshots stay in your browser unless you save them to your library';
