/**
 * Every element under `root` in tree order, including those inside open shadow roots (after
 * their host). Many sites are built from web components now: their fixed headers, inner panes,
 * videos and sections live in shadow trees that `querySelectorAll` does not enter.
 */
export function* deepElements(root: ParentNode = document): Generator<Element> {
  for (const el of root.querySelectorAll('*')) {
    yield el;
    if (el.shadowRoot) yield* deepElements(el.shadowRoot);
  }
}

/** The open shadow roots under `root`, nested ones included. */
export function* shadowRoots(root: ParentNode = document): Generator<ShadowRoot> {
  for (const el of deepElements(root)) if (el.shadowRoot) yield el.shadowRoot;
}

/**
 * Running animations, shadow trees' included: Chrome's document.getAnimations() leaves out those
 * of elements in shadow roots (seen: a fade-in inside a web component), each root lists its own.
 */
export function deepAnimations(): Animation[] {
  const all = new Set(document.getAnimations());
  for (const root of shadowRoots()) for (const a of root.getAnimations()) all.add(a);
  return [...all];
}

/** Elements under `root` (shadow trees included) that match `selector`. */
export function deepQuery<T extends Element>(selector: string, root: ParentNode = document): T[] {
  const out: T[] = [];
  for (const el of deepElements(root)) if (el.matches(selector)) out.push(el as T);
  return out;
}
