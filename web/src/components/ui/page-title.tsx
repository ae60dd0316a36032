import { createContext, useContext, useEffect } from 'react';
import { buildPageTitle } from './page-title-text';

/**
 * Where a page's title goes when it is rendered to static HTML at build time (effects do not run
 * there); the prerender step provides it and writes the last title set into <title>.
 */
export const PrerenderTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the document title to 'Name | Full Page Shot' while the page is shown. */
export function usePageTitle(pageName?: string) {
  useContext(PrerenderTitleContext)?.(buildPageTitle(pageName));
  useEffect(() => {
    document.title = buildPageTitle(pageName);
  }, [pageName]);
}
