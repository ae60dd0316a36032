/**
 * Runs in the page's MAIN world (chrome.scripting.executeScript({world: 'MAIN', func})), where
 * the page's own timers live; the content script's isolated world has separate globals. The
 * function is serialized, so it must not use anything from outside its body.
 *
 * It holds what moves by itself and lets the page draw what the capture's scrolling reveals.
 * Every timer, interval and animation-frame callback is tagged, when it is scheduled, with what
 * scheduled it:
 * - **motion**: the page's own activity, scheduled before the freeze or by a chain of such
 *   callbacks (a carousel's timer, a requestAnimationFrame loop). Held while frozen, run once at
 *   the thaw.
 * - **caused**: scheduled while the capture lets the page react to its scrolling (a settle window,
 *   or the warm-up), by a resize handler (fast mode's infobar shrinks the viewport), or by a chain
 *   of such callbacks: the debounce of a scroll handler, a lazy loader's delay after its
 *   IntersectionObserver fired, a virtual list's render in the next frame. They run, and
 *   `settle` waits for them. A chain longer than MAX_CHAIN steps is an animation, not a
 *   reaction, and is held from then on.
 * - **before**: a frame or short timer still pending at the freeze. It may be a render the page
 *   owes (a scroll handler's rAF behind a "ticking" flag, a debounce): held, it would keep that
 *   flag set and the page would draw nothing for the whole capture. It runs once the next time
 *   the page may react (the capture settles before frame 0 for this), and what it schedules is
 *   motion, so an animation loop takes one step, before any frame, and no more.
 * Inline writes of motion properties (left, transform, opacity…) to elements in the document are
 * held while frozen unless a caused callback, an event handler inside a settle window, or a resize
 * handler makes them: that stops intervals set before the injection, which cannot be wrapped.
 *
 * Commands come from the content script as `fps:motion` events on document (events cross worlds,
 * synchronously): 'freeze', 'open' (the warm-up: the page reacts freely), 'settle' (open until
 * the page is quiet, then close and answer `fps:motion-quiet`), 'ping' (keeps the freeze alive;
 * without one for a minute it thaws by itself), 'thaw'. Each is acknowledged at once with
 * `fps:motion-ack`, so the content script knows the hooks are there.
 */
export function installMotionHooks(): Promise<void> {
  const w = window as unknown as Record<string, unknown>;
  if (w.__fpsMotionHooks) return Promise.resolve();
  w.__fpsMotionHooks = true;

  /** Steps a caused chain may take; a self-rescheduling timer or frame loop is motion past that. */
  const MAX_CHAIN = 20;
  /** `settle` ends when nothing caused is due, the DOM has not changed for QUIET_MS, and MIN_MS passed. */
  const QUIET_MS = 60;
  const MIN_MS = 50;
  const MIN_FRAMES = 2;
  /** Bound of one settle: a lazy loader's 300 ms delay and its image fit; a page that never rests doesn't hold the capture. */
  const SETTLE_MS = 900;

  type Origin = 'motion' | 'caused' | 'before';
  interface Cause { origin: Origin; depth: number }
  let frozen = false;
  /** While open, what the page schedules outside any tagged callback is the capture's doing. */
  let open = false;
  let watchdog = 0;
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeSetInterval = window.setInterval.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  const nativeClearInterval = window.clearInterval.bind(window);
  const nativeRaf = window.requestAnimationFrame.bind(window);
  const nativeCancelRaf = window.cancelAnimationFrame.bind(window);
  const now = () => performance.now();

  /** The tagged callback running now, if any (callbacks run to completion, so one slot is enough). */
  let current: Cause | null = null;
  const MOTION: Cause = { origin: 'motion', depth: 0 };
  /**
   * What a callback scheduled now, `delay` ms ahead, is tagged with. A reaction comes soon: a
   * timer set further ahead than a settle lasts (a carousel's next slide) is motion, whoever set
   * it, and so is an interval set before the freeze. A frame or a short timer pending at the
   * freeze is 'before': it may be a render the page owes (a scroll handler's rAF with a "ticking"
   * flag, a debounce), so it runs once when the page may react, and what it schedules is motion.
   */
  const causeNow = (delay = 0, repeats = false): Cause => {
    if (Number(delay) > SETTLE_MS) return MOTION;
    if (current) return current.origin === 'caused' ? { origin: 'caused', depth: current.depth + 1 } : MOTION;
    if (!frozen) return repeats ? MOTION : { origin: 'before', depth: 0 };
    return open || inScroll() || inResize() ? { origin: 'caused', depth: 0 } : MOTION;
  };
  const eventNow = () => (window as unknown as { event?: Event }).event?.type;
  /** Above 0 from a resize until the next task. */
  let resizing = 0;
  /** A scroll handler runs now: while frozen only the capture scrolls, whenever its event comes. */
  const inScroll = () => eventNow() === 'scroll';
  /**
   * A resize handler runs now, or ran earlier in this task. While frozen the viewport changes
   * because of the capture (fast mode's debugger infobar comes at the click and shrinks it), and
   * the page must lay out for it: a virtual list's resize handler asks for a frame to render in,
   * and held as motion that frame kept the list's "frame pending" flag set, so the warm-up's
   * scrolling drew no rows and the list went out as one screenshot of its top rows.
   * The event is asked as well as the counter: on window, Chrome runs 'resize' listeners in the
   * order they were added, so a page's listener from before the hooks runs before ours.
   */
  const inResize = () => resizing > 0 || eventNow() === 'resize';
  window.addEventListener(
    'resize',
    () => {
      if (!frozen) return;
      resizing++;
      nativeSetTimeout(() => resizing--, 0);
    },
    true,
  );
  const mayRun = (c: Cause) => !frozen || (c.origin === 'caused' && c.depth <= MAX_CHAIN) || (c.origin === 'before' && open);
  /** How a callback runs: a 'before' one that runs while frozen starts no chain of reactions. */
  const runCause = (c: Cause): Cause => (frozen && c.origin === 'before' ? MOTION : c);

  /** Held callbacks by kind and native id, in order; an interval is held once however often it fired. */
  const held = new Map<string, () => void>();
  /** Held 'before' callbacks, run once (as motion) the next time the page may react. */
  const owed = new Map<string, () => void>();
  const release = () => {
    const due = [...owed.values()];
    owed.clear();
    for (const fn of due) fn();
  };
  /** Caused one-shot callbacks not yet run, by key, with the time they are due. */
  const pending = new Map<string, number>();
  const run = (fn: unknown, self: unknown, args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(self, args);
  const runAs = (c: Cause, fn: unknown, args: unknown[]) => {
    const outer = current;
    current = c;
    try {
      run(fn, window, args);
    } finally {
      current = outer;
    }
  };

  const patch = (name: string, value: unknown) => Object.defineProperty(window, name, { value, writable: true, configurable: true });
  // String callbacks (which setTimeout allows) are left to the browser, unwrapped.
  patch('setTimeout', function (fn: unknown, delay?: number, ...args: unknown[]) {
    if (typeof fn !== 'function') return nativeSetTimeout(fn as TimerHandler, delay);
    const c = causeNow(delay);
    const id: number = nativeSetTimeout(() => {
      pending.delete(`t${id}`);
      if (mayRun(c)) runAs(runCause(c), fn, args);
      else {
        held.set(`t${id}`, () => run(fn, window, args));
        if (c.origin === 'before') owed.set(`t${id}`, () => held.delete(`t${id}`) && runAs(MOTION, fn, args));
      }
    }, delay);
    if (frozen && c.origin === 'caused') pending.set(`t${id}`, now() + (Number(delay) || 0));
    return id;
  });
  patch('setInterval', function (fn: unknown, delay?: number, ...args: unknown[]) {
    if (typeof fn !== 'function') return nativeSetInterval(fn as TimerHandler, delay);
    const c = causeNow(delay, true);
    let ticks = 0;
    const id: number = nativeSetInterval(() => {
      // Each tick is one more step of the chain: a caused interval polls a little, then is motion.
      const step: Cause = c.origin === 'caused' ? { origin: 'caused', depth: c.depth + ticks++ } : c;
      if (mayRun(step)) runAs(step, fn, args);
      else held.set(`i${id}`, () => run(fn, window, args));
    }, delay);
    return id;
  });
  patch('requestAnimationFrame', function (fn: FrameRequestCallback) {
    const c = causeNow();
    const id: number = nativeRaf((t) => {
      pending.delete(`r${id}`);
      if (mayRun(c)) runAs(runCause(c), fn, [t]);
      else {
        // Run late, in a real animation frame with its own timestamp.
        held.set(`r${id}`, () => nativeRaf((t2) => run(fn, window, [t2])));
        if (c.origin === 'before') owed.set(`r${id}`, () => held.delete(`r${id}`) && nativeRaf((t2) => runAs(MOTION, fn, [t2])));
      }
    });
    if (frozen && c.origin === 'caused') pending.set(`r${id}`, now());
    return id;
  });
  patch('clearTimeout', (id?: number) => {
    held.delete(`t${id}`);
    owed.delete(`t${id}`);
    pending.delete(`t${id}`);
    nativeClearTimeout(id);
  });
  patch('clearInterval', (id?: number) => {
    held.delete(`i${id}`);
    nativeClearInterval(id);
  });
  patch('cancelAnimationFrame', (id: number) => {
    held.delete(`r${id}`);
    owed.delete(`r${id}`);
    pending.delete(`r${id}`);
    nativeCancelRaf(id);
  });

  // Inline style writes that move things: held while frozen, the last value applied on thaw.
  // Chrome keeps CSS properties as named properties of each declaration (no prototype setters),
  // so while frozen `el.style` returns a proxy that holds them; setProperty is patched. Only
  // writes to elements in the document are held (a new element is styled before it is added).
  const MOTION_PROPS = ['left', 'top', 'right', 'bottom', 'transform', 'translate', 'rotate', 'scale', 'margin-left', 'margin-top', 'opacity', 'background-position'];
  const byName = new Map<string, string>();
  for (const prop of MOTION_PROPS) {
    byName.set(prop, prop);
    byName.set(prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), prop);
  }
  const heldStyles = new Map<CSSStyleDeclaration, Map<string, [string, string]>>();
  const owners = new WeakMap<CSSStyleDeclaration, Element>();
  /** An event handler runs now (not a timer set before the injection), and not one that animation ends drive. */
  const inReaction = () => {
    const e = (window as unknown as { event?: Event }).event;
    return !!e && !/^(animation|transition)/.test(e.type);
  };
  const writesApply = () => !frozen || inResize() || current?.origin === 'caused' || (open && inReaction());
  const holds = (decl: CSSStyleDeclaration) => !writesApply() && !!owners.get(decl)?.isConnected;
  const proto = CSSStyleDeclaration.prototype;
  const nativeSetProperty = proto.setProperty;
  const holdStyle = (decl: CSSStyleDeclaration, prop: string, value: string, priority: string) => {
    let props = heldStyles.get(decl);
    if (!props) heldStyles.set(decl, (props = new Map()));
    props.delete(prop); // keep the order of the last writes
    props.set(prop, [value, priority]);
  };
  proto.setProperty = function (this: CSSStyleDeclaration, prop: string, value: string | null, priority?: string) {
    if (MOTION_PROPS.includes(prop) && holds(this)) holdStyle(this, prop, value ?? '', priority ?? '');
    else nativeSetProperty.call(this, prop, value, priority);
  };
  const handler: ProxyHandler<CSSStyleDeclaration> = {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, key, value) {
      const prop = typeof key === 'string' ? byName.get(key) : undefined;
      if (prop && holds(target)) holdStyle(target, prop, String(value ?? ''), '');
      else Reflect.set(target, key, value, target);
      return true;
    },
  };
  const proxies = new WeakMap<CSSStyleDeclaration, CSSStyleDeclaration>();
  for (const owner of [HTMLElement.prototype, SVGElement.prototype]) {
    const desc = Object.getOwnPropertyDescriptor(owner, 'style');
    const get = desc?.get;
    if (!desc || !get) continue;
    Object.defineProperty(owner, 'style', {
      ...desc,
      get(this: Element) {
        const decl = get.call(this) as CSSStyleDeclaration;
        if (!frozen) return decl;
        let proxy = proxies.get(decl);
        if (!proxy) {
          proxies.set(decl, (proxy = new Proxy(decl, handler)));
          owners.set(decl, this);
        }
        return proxy;
      },
    });
  }

  // Settling: open until nothing caused is due within the bound and the DOM has rested.
  let lastChange = 0;
  const changes = new MutationObserver(() => {
    lastChange = now();
  });
  let settling = 0;
  const endSettle = (started: number, quiet: boolean) => {
    changes.disconnect();
    open = false;
    settling = 0;
    document.dispatchEvent(new CustomEvent('fps:motion-quiet', { detail: { ms: Math.round(now() - started), quiet } }));
  };
  const settle = () => {
    if (!frozen) return void document.dispatchEvent(new CustomEvent('fps:motion-quiet', { detail: { ms: 0, quiet: true } }));
    nativeClearTimeout(settling);
    open = true;
    release();
    const started = now();
    lastChange = started;
    changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Frames drawn since: the scroll's events and the observers' callbacks come with the first
    // ones, however slowly a loaded machine draws them.
    let frames = 0;
    const count = () => {
      frames++;
      if (open && frames < MIN_FRAMES) nativeRaf(count);
    };
    nativeRaf(count);
    const check = () => {
      const t = now();
      const deadline = started + SETTLE_MS;
      let due = false;
      for (const at of pending.values()) if (at <= deadline) due = true;
      const quiet = t - started >= MIN_MS && frames >= MIN_FRAMES && !due && t - lastChange >= QUIET_MS;
      if (quiet || t >= deadline || !frozen) endSettle(started, quiet);
      else settling = nativeSetTimeout(check, 16);
    };
    settling = nativeSetTimeout(check, 16);
  };

  const thaw = () => {
    if (!frozen) return;
    frozen = false;
    open = false;
    nativeClearTimeout(watchdog);
    nativeClearTimeout(settling);
    changes.disconnect();
    pending.clear();
    owed.clear();
    for (const [decl, props] of heldStyles) for (const [prop, [value, priority]] of props) nativeSetProperty.call(decl, prop, value, priority);
    heldStyles.clear();
    const due = [...held.values()];
    held.clear();
    for (const fn of due) {
      try {
        fn();
      } catch (err) {
        nativeSetTimeout(() => {
          throw err;
        }, 0);
      }
    }
  };
  const keepAlive = () => {
    nativeClearTimeout(watchdog);
    watchdog = nativeSetTimeout(thaw, 60_000);
  };

  document.addEventListener('fps:motion', (e) => {
    const what = (e as CustomEvent).detail;
    document.dispatchEvent(new CustomEvent('fps:motion-ack'));
    if (what === 'freeze') {
      frozen = true;
      keepAlive();
    } else if (what === 'open') {
      if (frozen) {
        open = true;
        release();
      }
      keepAlive();
    } else if (what === 'settle') {
      if (frozen) keepAlive();
      settle();
    } else if (what === 'ping') {
      if (frozen) keepAlive();
    } else if (what === 'thaw') thaw();
  });

  // Resolves after the next animation frame (or 100 ms, should frames not come), which the caller
  // awaits before anything is frozen. A frame callback the page requested before we were here is
  // native: if it first ran after the freeze, the loop it requests again would not be tagged as
  // the page's motion. By then it has run, and requested its next frame through the hook.
  return new Promise<void>((resolve) => {
    nativeRaf(() => resolve());
    nativeSetTimeout(resolve, 100);
  });
}
