/**
 * The recently focused elements, newest last, limited to 10 entries (spec 001, section 9). A
 * dialog, viewer or menu records the element focused before it opened, and on closing gives focus
 * back to the newest entry still on the page (the opener, or what was focused before it when the
 * opener has gone, e.g. a deleted row's button).
 */
export const FOCUS_HISTORY_LIMIT = 10;

const history: HTMLElement[] = [];

export function rememberFocus(el: Element | null = document.activeElement): void {
  if (!(el instanceof HTMLElement) || el === document.body) return;
  const at = history.indexOf(el);
  if (at >= 0) history.splice(at, 1);
  history.push(el);
  if (history.length > FOCUS_HISTORY_LIMIT) history.splice(0, history.length - FOCUS_HISTORY_LIMIT);
}

/** Focuses the newest remembered element still connected (dropping the ones that are not); true if one was. */
export function restoreFocus(): boolean {
  while (history.length) {
    const el = history.pop()!;
    if (el.isConnected && !el.closest('[inert]')) {
      el.focus();
      if (document.activeElement === el) return true;
    }
  }
  return false;
}

/** Tests: what is remembered, oldest first. */
export const focusHistory = (): readonly HTMLElement[] => [...history];
export const clearFocusHistory = () => void history.splice(0);
