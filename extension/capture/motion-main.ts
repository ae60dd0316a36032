/**
 * Runs in the page's MAIN world (chrome.scripting.executeScript({world: 'MAIN', func})), where
 * the page's own timers live; the content script's isolated world has separate globals. The
 * function is serialized, so it must not use anything from outside its body.
 *
 * The content script drives it with `fps:motion` events on document (events cross worlds):
 * - 'freeze': timer, interval and animation-frame callbacks already scheduled are held, and
 *   writes to motion-related inline style properties (left, transform, opacity…) are held, which
 *   also stops intervals set before we were injected. Timers scheduled from now on still run, so
 *   scroll-throttled lazy loaders work during the warm-up.
 * - 'strict': every callback is held (the frames are being taken).
 * - 'thaw': held style writes are applied and held callbacks run, once each, late.
 * - 'ping': keeps the freeze alive; without one for a minute it thaws by itself.
 *
 * Timers set before the injection cannot be wrapped (documented in extension/README.md "Motion").
 */
export function installMotionHooks(): Promise<void> {
  const w = window as unknown as Record<string, unknown>;
  if (w.__fpsMotionHooks) return Promise.resolve();
  w.__fpsMotionHooks = true;

  type Mode = 'off' | 'lenient' | 'strict';
  let mode: Mode = 'off';
  let watchdog = 0;
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeSetInterval = window.setInterval.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  const nativeClearInterval = window.clearInterval.bind(window);
  const nativeRaf = window.requestAnimationFrame.bind(window);
  const nativeCancelRaf = window.cancelAnimationFrame.bind(window);

  /** Held callbacks by kind and native id, in order; an interval is held once however often it fired. */
  const held = new Map<string, () => void>();
  const run = (fn: unknown, self: unknown, args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(self, args);
  /** Whether a callback registered in `at` mode may run now. */
  const mayRun = (at: Mode) => mode === 'off' || (mode === 'lenient' && at === 'lenient');
  /** Above 0 while work runs whose style writes must apply: resize handlers, timers allowed to run. */
  let passing = 0;
  const runNow = (fn: unknown, args: unknown[]) => {
    passing++;
    try {
      run(fn, window, args);
    } finally {
      passing--;
    }
  };

  const patch = (name: string, value: unknown) => Object.defineProperty(window, name, { value, writable: true, configurable: true });
  // String callbacks (which setTimeout allows) are left to the browser, unwrapped.
  patch('setTimeout', function (fn: unknown, delay?: number, ...args: unknown[]) {
    if (typeof fn !== 'function') return nativeSetTimeout(fn as TimerHandler, delay);
    const at = mode;
    const id: number = nativeSetTimeout(() => {
      if (mayRun(at)) runNow(fn, args);
      else held.set(`t${id}`, () => run(fn, window, args));
    }, delay);
    return id;
  });
  patch('setInterval', function (fn: unknown, delay?: number, ...args: unknown[]) {
    if (typeof fn !== 'function') return nativeSetInterval(fn as TimerHandler, delay);
    const at = mode;
    const id: number = nativeSetInterval(() => {
      if (mayRun(at)) runNow(fn, args);
      else held.set(`i${id}`, () => run(fn, window, args));
    }, delay);
    return id;
  });
  patch('requestAnimationFrame', function (fn: FrameRequestCallback) {
    const at = mode;
    const id: number = nativeRaf((t) => {
      if (mayRun(at)) runNow(fn, [t]);
      // Run late, in a real animation frame with its own timestamp.
      else held.set(`r${id}`, () => nativeRaf((t2) => run(fn, window, [t2])));
    });
    return id;
  });
  patch('clearTimeout', (id?: number) => {
    held.delete(`t${id}`);
    nativeClearTimeout(id);
  });
  patch('clearInterval', (id?: number) => {
    held.delete(`i${id}`);
    nativeClearInterval(id);
  });
  patch('cancelAnimationFrame', (id: number) => {
    held.delete(`r${id}`);
    nativeCancelRaf(id);
  });

  // Inline style writes that move things: held while frozen, the last value applied on thaw.
  // Chrome keeps CSS properties as named properties of each declaration (no prototype setters),
  // so while frozen `el.style` returns a proxy that holds them; setProperty is patched. Only
  // writes to elements in the document are held (a new element is styled before it is added),
  // and not while the page reacts to a resize (fast mode's infobar) or runs an allowed timer.
  const MOTION_PROPS = ['left', 'top', 'right', 'bottom', 'transform', 'translate', 'rotate', 'scale', 'margin-left', 'margin-top', 'opacity', 'background-position'];
  const byName = new Map<string, string>();
  for (const prop of MOTION_PROPS) {
    byName.set(prop, prop);
    byName.set(prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), prop);
  }
  const heldStyles = new Map<CSSStyleDeclaration, Map<string, [string, string]>>();
  const owners = new WeakMap<CSSStyleDeclaration, Element>();
  const holds = (decl: CSSStyleDeclaration) => mode !== 'off' && passing === 0 && !!owners.get(decl)?.isConnected;
  window.addEventListener(
    'resize',
    () => {
      if (mode === 'off') return;
      passing++; // capture listeners run first at the target: before the page's own
      nativeSetTimeout(() => passing--, 0);
    },
    true,
  );
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
        if (mode === 'off') return decl;
        let proxy = proxies.get(decl);
        if (!proxy) {
          proxies.set(decl, (proxy = new Proxy(decl, handler)));
          owners.set(decl, this);
        }
        return proxy;
      },
    });
  }

  const thaw = () => {
    if (mode === 'off') return;
    mode = 'off';
    nativeClearTimeout(watchdog);
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
    if (what === 'freeze') {
      if (mode === 'off') mode = 'lenient';
      keepAlive();
    } else if (what === 'strict') {
      mode = 'strict';
      keepAlive();
    } else if (what === 'ping') {
      if (mode !== 'off') keepAlive();
    } else if (what === 'thaw') thaw();
  });

  // Resolves after the next animation frame (or 100 ms, should frames not come), which the caller
  // awaits before anything is frozen. A frame callback the page requested before we were here is
  // native: if it first ran after the freeze, the loop it requests again would be one we let run
  // (requested while lenient) and its element would move until the strict phase, between frames.
  // By then it has run, and requested its next frame through the hook, before the freeze.
  return new Promise<void>((resolve) => {
    nativeRaf(() => resolve());
    nativeSetTimeout(resolve, 100);
  });
}
