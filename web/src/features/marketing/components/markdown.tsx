import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { INTERNAL_LINK_ATTRIBUTE } from './internal-link';

/**
 * Shows markdown rendered at build time (`markdownToHtml` in markdown-html.tsx, through a
 * `*.build.ts` module), so no markdown parser ships to the browser. A plain click on a same-site
 * link goes through the router, as a `<Link>` would; modified clicks are left to the browser.
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.(`a[${INTERNAL_LINK_ATTRIBUTE}]`);
    const href = link?.getAttribute('href');
    if (!href || !event.currentTarget.contains(link)) return;
    event.preventDefault();
    void navigate(href);
  };
  // The markup is this site's own text, rendered and checked by markdownToHtml at build time.
  return <div className={['prose', className].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
