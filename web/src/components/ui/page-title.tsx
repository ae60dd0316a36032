import { useEffect } from 'react';
import { buildPageTitle } from './page-title-text';

/** Sets the document title to 'Name | Full Page Shot' while the page is shown. */
export function usePageTitle(pageName?: string) {
  useEffect(() => {
    document.title = buildPageTitle(pageName);
  }, [pageName]);
}

/** Declarative form of `usePageTitle`; renders nothing. */
export function PageTitle({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}
