import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Hero arrow (spec): bounces every 5 s for 4 s until the user scrolls past the benefits. */
const ARROW_BOUNCE_EVERY_MS = 5000;
const ARROW_BOUNCE_FOR_MS = 4000;
/** How often the scroll position is checked. */
const SCROLL_CHECK_INTERVAL_MS = 200;
/** A click on the arrow scrolls the benefits to this far below the top (clear of the header). */
const ARROW_SCROLL_OFFSET_PX = 120;

/** Scrolled past an element: its bottom edge has gone above the top of the viewport. */
const hasScrolledPast = (rect: Pick<DOMRect, 'bottom'>): boolean => rect.bottom <= 0;

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useHeroArrow(target: RefObject<HTMLElement | null>) {
  const [bouncing, setBouncing] = useState(false);
  const [passed, setPassed] = useState(false);

  useEffect(() => {
    if (passed) return;
    let stopBounce: ReturnType<typeof setTimeout> | undefined;
    const bounce = setInterval(() => {
      setBouncing(true);
      stopBounce = setTimeout(() => setBouncing(false), ARROW_BOUNCE_FOR_MS);
    }, ARROW_BOUNCE_EVERY_MS);
    const check = setInterval(() => {
      if (target.current && hasScrolledPast(target.current.getBoundingClientRect())) setPassed(true);
    }, SCROLL_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(bounce);
      clearInterval(check);
      clearTimeout(stopBounce);
      setBouncing(false);
    };
    // `target` is a ref object: reading .current in the interval is enough, so it is not a dependency.
  }, [passed]);

  const scrollToTarget = useCallback(() => {
    const el = target.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY - ARROW_SCROLL_OFFSET_PX;
    window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [target]);

  return { bouncing: bouncing && !passed, passed, scrollToTarget };
}
