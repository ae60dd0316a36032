import type { ReactNode } from 'react';

/** The top of a marketing page: an optional eyebrow, the page's one h1, and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="page-intro">
      <div className="container container--narrow">
        {eyebrow && <p className="page-intro__eyebrow">{eyebrow}</p>}
        <h1 className="page-intro__title">{title}</h1>
        {children && <div className="page-intro__lead">{children}</div>}
      </div>
    </div>
  );
}
