/**
 * Why the editor sent someone to the site's sign-in: `?for=save` when Save to library found no
 * sign-in, so the page can say that the capture waits for them (issue #31 §5).
 */
export const SIGN_IN_PURPOSE_PARAM = 'for';
export const SIGN_IN_FOR_SAVE = 'save';

const SAVE_SIGN_IN_NOTE = 'Sign in to save your capture to your image library. Afterwards you go back to the capture in the editor.';

export const signInNoteFor = (purpose: string | null): string | null => (purpose === SIGN_IN_FOR_SAVE ? SAVE_SIGN_IN_NOTE : null);
