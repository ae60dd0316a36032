import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  onSelect?: () => void;
  disabled?: boolean;
  /** For choice menus (Sort): the current choice. */
  checked?: boolean;
}

export interface MenuButtonProps {
  /** The button's text, also the menu's name. */
  label: string;
  /** Shown after the label (e.g. the current sort mode). */
  detail?: ReactNode;
  items: MenuItem[];
  /** 'choice' items are menuitemradio with aria-checked. */
  kind?: 'actions' | 'choice';
}

/**
 * A click-to-open menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it
 * and focuses the current or first item; arrows, Home and End move; Escape closes it and returns
 * focus to the button (without closing anything else); Tab or a click outside closes it.
 * Disabled items stay reachable by arrows, are announced as unavailable and do nothing.
 */
export function MenuButton({ label, detail, items, kind = 'actions' }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const focusItem = (index: number) => {
    const n = items.length;
    if (n) itemRefs.current[((index % n) + n) % n]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };
  const startIndex = () => Math.max(0, items.findIndex((i) => i.checked));

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  const onToggleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || ((e.key === 'Enter' || e.key === ' ') && !open)) {
      e.preventDefault();
      openAt(startIndex());
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(items.length - 1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusItem(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focusItem(at - 1);
        break;
      case 'Home':
        e.preventDefault();
        focusItem(0);
        break;
      case 'End':
        e.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        // Handled here: the viewer's Escape must not fire as well.
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect?.();
  };

  return (
    <div ref={root} className={open ? 'menu-button menu-button--open' : 'menu-button'}>
      <button
        ref={toggle}
        type="button"
        className="menu-button__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(startIndex()))}
        onKeyDown={onToggleKey}
      >
        <span>
          {label}
          {detail && <span className="menu-button__detail">: {detail}</span>}
        </span>
        <svg className="menu-button__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={menuId} role="menu" aria-label={label} className="menu-button__menu" hidden={!open} onKeyDown={onMenuKey}>
        {items.map((item, i) => (
          <li key={item.id} role="none">
            <button
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role={kind === 'choice' ? 'menuitemradio' : 'menuitem'}
              aria-checked={kind === 'choice' ? !!item.checked : undefined}
              aria-disabled={item.disabled || undefined}
              tabIndex={-1}
              className="menu-button__item"
              onClick={() => select(item)}
            >
              {kind === 'choice' && (
                <span className="menu-button__check" aria-hidden="true">
                  {item.checked ? '✓' : ''}
                </span>
              )}
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
