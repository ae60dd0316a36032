import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DropdownMenu, type DropdownItem } from '../ui/dropdown-menu';

export interface HeaderBarProps {
  title: ReactNode;
  /** Shows a back button linking here (or calling `onBack`). */
  backTo?: string;
  onBack?: () => void;
  backLabel?: string;
  /** Action buttons, shown at the end of the bar. */
  actions?: ReactNode;
  /** The action menu: a hover dropdown (also keyboard-openable). */
  menu?: { label: string; items: DropdownItem[] };
  /** The title's element: the page's h1 by default; another level where the page already has one. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
}

/** A page's header bar: title, an optional back button and action buttons; its action menu is a hover dropdown. */
export function HeaderBar({ title, backTo, onBack, backLabel = 'Back', actions, menu, titleAs: Title = 'h1' }: HeaderBarProps) {
  const back = backTo ? (
    <Link to={backTo} className="header-bar__back" aria-label={backLabel}>
      ←
    </Link>
  ) : onBack ? (
    <button type="button" className="header-bar__back" aria-label={backLabel} onClick={onBack}>
      ←
    </button>
  ) : null;
  return (
    <div className="header-bar">
      {back}
      <Title className="header-bar__title">{title}</Title>
      <div className="header-bar__actions">
        {actions}
        {menu && <DropdownMenu label={menu.label} items={menu.items} align="end" />}
      </div>
    </div>
  );
}
