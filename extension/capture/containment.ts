/** What `content-visibility: auto` contains whether or not it skips the element's content. */
const AUTO_CONTAINS = ['layout', 'style', 'paint'];

/**
 * The `contain` value that keeps an element laid out as `content-visibility: auto` lays it out,
 * given its computed `contain`: the page's own keywords plus layout, style and paint.
 */
export function withAutoContainment(contain: string): string {
  const own = contain.trim().split(/\s+/).filter((k) => k && k !== 'none');
  // strict = size layout paint style; content = layout paint style: both already contain.
  if (own.includes('strict') || own.includes('content')) return own.join(' ');
  return [...own, ...AUTO_CONTAINS.filter((k) => !own.includes(k))].join(' ');
}
