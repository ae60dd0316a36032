import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import { isInternalPath, safeUrl } from './safe-url';

const components: Components = {
  a: ({ href, children, node: _node, ...rest }) => {
    // A blocked address arrives here as undefined: show the text, but nothing to click.
    if (!href) return <span className="md-blocked-link">{children}</span>;
    if (isInternalPath(href)) return <Link to={href}>{children}</Link>;
    // Anything not on the site (https:, mailto:, a look-alike path) gets no opener and no referrer.
    return (
      <a href={href} {...rest} rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node, ...rest }) => (src ? <img src={src} alt={alt ?? ''} loading="lazy" {...rest} /> : null),
};

/**
 * Renders trusted-format markdown (FAQ answers, legal texts) safely: raw HTML is not rendered, and
 * `javascript:`, `vbscript:` and non-image `data:` addresses are dropped (see `safeUrl`).
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={['prose', className].filter(Boolean).join(' ')}>
      <ReactMarkdown urlTransform={(url) => safeUrl(url)} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
