import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

export interface DropdownItem {
  label: string;
  /** In-site path (router link) … */
  to?: string;
  /** … or an action. */
  onSelect?: () => void;
  /** A class for the item's <li> (e.g. shown only in one sign-in state before the page's script runs). */
  className?: string;
}

export interface DropdownMenuProps {
  label: string;
  items: DropdownItem[];
  /** When set, the label itself is a link to this path and a separate toggle opens the menu. */
  to?: string;
  align?: 'start' | 'end';
  className?: string;
  /** The toggle's accessible name when `to` is set (default: "{label} menu"). */
  toggleLabel?: string;
}

/**
 * A hover dropdown that the keyboard can open too: the toggle button opens it on Enter, Space or
 * ArrowDown; arrows move between items; Escape closes it and returns focus. It closes when the
 * pointer or focus leaves it. The panel is at least 200px wide (see `.dropdown__panel`).
 */
export function DropdownMenu({ label, items, to, align = 'start', className, toggleLabel }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  // Opened by the pointer hovering (closes when it leaves) or pinned by a click or key (stays open).
  const byHover = useRef(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const itemEls = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[data-dropdown-item]') ?? []);
  const focusItem = (index: number) => {
    const els = itemEls();
    if (els.length) els[(index + els.length) % els.length].focus();
  };

  useEffect(() => {
    if (!open) return;
    const onDocPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDocPointer);
    return () => document.removeEventListener('pointerdown', onDocPointer);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const els = itemEls();
    const at = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      byHover.current = false;
      if (!open) setOpen(true);
      // Wait a frame when opening so the items are visible (focusable).
      requestAnimationFrame(() => focusItem(at + 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      focusItem(at < 0 ? -1 : at - 1);
    } else if ((e.key === 'Home' || e.key === 'End') && open && at >= 0) {
      e.preventDefault();
      focusItem(e.key === 'Home' ? 0 : -1);
    }
  };

  const select = (item: DropdownItem) => {
    setOpen(false);
    item.onSelect?.();
  };

  return (
    <div
      ref={root}
      className={['dropdown', open && 'dropdown--open', className].filter(Boolean).join(' ')}
      onMouseEnter={() => {
        if (open) return;
        byHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        if (byHover.current) setOpen(false);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      {to && (
        <Link to={to} className="dropdown__label">
          {/* The header's label is the user's name: isolated, so bidi controls cannot reorder the menu. */}
          <bdi>{label}</bdi>
        </Link>
      )}
      <button
        ref={toggle}
        type="button"
        className={to ? 'dropdown__toggle dropdown__toggle--icon' : 'dropdown__toggle'}
        aria-expanded={open}
        aria-controls={id}
        aria-label={to ? (toggleLabel ?? `${label} menu`) : undefined}
        onClick={() => {
          // A click right after hovering (or a tap, which also "hovers") pins the menu open.
          if (open && byHover.current) byHover.current = false;
          else {
            byHover.current = false;
            setOpen(!open);
          }
        }}
      >
        {!to && label}
        <svg className="dropdown__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={id} className={`dropdown__panel dropdown__panel--${align}`} hidden={!open}>
        {items.map((item) => (
          <li key={item.label} className={item.className}>
            {item.to ? (
              <Link to={item.to} className="dropdown__item" data-dropdown-item onClick={() => select(item)}>
                {item.label}
              </Link>
            ) : (
              <button type="button" className="dropdown__item" data-dropdown-item onClick={() => select(item)}>
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
