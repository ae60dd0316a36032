import type { RefObject } from 'react';
import { useModalFocus } from '../ui/dialog';

/** The open small-screen menu: Tab and Shift+Tab stay in the header (site-header.tsx loads this lazily). */
export default function OpenMenuFocus({ header }: { header: RefObject<HTMLElement | null> }) {
  useModalFocus(header, { restore: false });
  return null;
}
