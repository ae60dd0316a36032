import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { rememberFocus, restoreFocus } from './focus-history';

/** Dialog transitions last 200–300 ms (spec 001, section 9); styles.css uses the same figure. */
export const DIALOG_TRANSITION_MS = 250;

const FOCUSABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The elements Tab can reach inside `root`, in order (visible ones only). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert],[hidden]'));
}

export interface ModalFocusOptions {
  /** Escape calls it (after anything inside that handled Escape itself). */
  onEscape?: () => void;
  /** Give focus back to the element focused before opening when it closes (default true). */
  restore?: boolean;
  /** Where focus goes on opening; the first tabbable element, else the container itself. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Makes `ref` modal for the keyboard while mounted: remembers what had focus (focus-history.ts),
 * moves focus in, keeps Tab and Shift+Tab inside (wrapping around), closes on Escape, and gives
 * focus back on closing. Used by every dialog, the library viewer and the menus.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, { onEscape, restore = true, initialFocus }: ModalFocusOptions = {}) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    rememberFocus();
    const first = initialFocus?.current ?? tabbables(root)[0] ?? root;
    if (!root.contains(document.activeElement)) first.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escape.current && !e.defaultPrevented) {
        e.preventDefault();
        escape.current();
      } else if (e.key === 'Tab') {
        const list = tabbables(root);
        if (list.length === 0) {
          e.preventDefault();
          root.focus();
          return;
        }
        const at = list.indexOf(document.activeElement as HTMLElement);
        if (e.shiftKey && (at <= 0)) {
          e.preventDefault();
          list[list.length - 1].focus();
        } else if (!e.shiftKey && (at === -1 || at === list.length - 1)) {
          e.preventDefault();
          list[0].focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (restore) queueMicrotask(() => restoreFocus());
    };
    // Set up once per opening (`restore` and `initialFocus` are fixed per use; Escape goes through a ref).
  }, [ref, restore, initialFocus]);
}

/**
 * Keeps a closing dialog mounted for its exit transition: `mounted` while open or fading out,
 * `shown` once the entry transition may start (one frame after mounting) and until closing.
 */
function usePresence(open: boolean, ms = DIALOG_TRANSITION_MS): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => requestAnimationFrame(() => setShown(true)));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    const t = setTimeout(() => setMounted(false), reduce ? 0 : ms);
    return () => clearTimeout(t);
  }, [open, ms]);
  return { mounted: mounted || open, shown: shown && open };
}

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a question that needs an answer (confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** The footer's buttons. */
  actions?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
}

function DialogPanel({ title, onClose, children, role = 'dialog', actions, initialFocus, shown }: Omit<DialogProps, 'open'> & { shown: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useModalFocus(panel, { onEscape: onClose, initialFocus });
  return (
    <div className="dialog-backdrop" data-state={shown ? 'open' : 'closed'} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="dialog" role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} tabIndex={-1}>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        {actions && <div className="dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}

/** A modal dialog with the site's transition (200–300 ms, none with reduced motion) and focus rules. */
export function Dialog({ open, ...rest }: DialogProps) {
  const { mounted, shown } = usePresence(open);
  if (!mounted) return null;
  return <DialogPanel {...rest} shown={shown} />;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirming button looks destructive (red) when the action destroys or removes something. */
  destructive?: boolean;
  cancelLabel?: string;
}

/** "Are you sure?" as a dialog: Cancel has focus first, so Enter never destroys by accident. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, destructive = false, cancelLabel = 'Cancel' }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      role="alertdialog"
      initialFocus={cancel}
      actions={
        <>
          <Button ref={cancel} variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
