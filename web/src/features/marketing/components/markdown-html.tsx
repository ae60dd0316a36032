/**
 * Markdown to static HTML, run when the site is built (through `*.build.ts` modules, see
 * web/build-time-modules-plugin.ts): the client bundle gets the HTML strings, not a markdown parser.
 * In the dev server and in tests the same code runs where it is imported.
 *
 * Safety (spec): raw HTML is not rendered, and `javascript:`, `vbscript:` and non-image `data:`
 * addresses are dropped (see `safeUrl`); a blocked link shows its text with nothing to click.
 * A same-site path is marked `data-internal`, so `<Markdown>` can route it without a page load;
 * anything else gets no opener and no referrer.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown, { type Components } from 'react-markdown';
import { INTERNAL_LINK_ATTRIBUTE } from './internal-link';
import { isInternalPath, safeUrl } from './safe-url';

const components: Components = {
  a: ({ href, children, node: _node, ...rest }) => {
    // A blocked address arrives here as undefined: show the text, but nothing to click.
    if (!href) return <span className="md-blocked-link">{children}</span>;
    if (isInternalPath(href)) return <a href={href} {...{ [INTERNAL_LINK_ATTRIBUTE]: '' }}>{children}</a>;
    return (
      <a href={href} {...rest} rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node, ...rest }) => (src ? <img src={src} alt={alt ?? ''} loading="lazy" {...rest} /> : null),
};

/** Markdown (FAQ answers, legal texts) as safe static HTML. */
export function markdownToHtml(markdown: string): string {
  return renderToStaticMarkup(
    <ReactMarkdown urlTransform={(url) => safeUrl(url)} components={components} skipHtml>
      {markdown}
    </ReactMarkdown>,
  );
}
