// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { installMotionHooks } from '../capture/motion-main';
import { everyNative, quiet, sleep, startFrameLoop, tell } from './motion-main.test-kit';

describe('MAIN-world motion hooks', () => {
  beforeAll(() => installMotionHooks());

  it('holds intervals and timeouts while frozen and runs each held one once at the thaw', async () => {
    let ticks = 0;
    let timeouts = 0;
    const interval = setInterval(() => ticks++, 5);
    setTimeout(() => timeouts++, 20);
    await sleep(30);
    expect(ticks).toBeGreaterThan(0);
    tell('freeze');
    const frozenAt = ticks;
    setTimeout(() => timeouts++, 50); // fires after the thaw: not held
    await sleep(40);
    expect(ticks).toBe(frozenAt);
    expect(timeouts).toBe(1);
    tell('thaw');
    expect(ticks).toBe(frozenAt + 1); // one held interval call, however often it fired
    await sleep(40);
    expect(ticks).toBeGreaterThan(frozenAt + 1);
    expect(timeouts).toBe(2);
    clearInterval(interval);
  });

  it('lets what the capture causes run while the page may react, and holds what the page schedules by itself', async () => {
    tell('freeze');
    let byItself = 0;
    setTimeout(() => byItself++, 5); // a native timer's next step, outside any reaction: motion
    tell('open'); // the warm-up
    let lazy = 0;
    setTimeout(() => lazy++, 30); // a lazy loader's delay after its observer fired
    await sleep(60);
    tell('settle');
    await quiet();
    // Caused during the warm-up, due after it ended: still runs (the timer-lazy-loader regression).
    let late = 0;
    tell('open');
    setTimeout(() => late++, 120);
    tell('settle');
    await quiet();
    expect(late).toBe(1);
    expect(lazy).toBe(1);
    expect(byItself).toBe(0);
    tell('thaw');
    expect(byItself).toBe(1);
  });

  it('follows a caused chain a few steps, and holds a long one or a far-off timer as motion', async () => {
    tell('freeze');
    tell('open');
    let steps = 0;
    let stopped = false;
    const step = () => {
      steps++;
      if (!stopped) setTimeout(step, 0);
    };
    setTimeout(step, 0);
    let carousel = 0;
    const slide = setTimeout(() => carousel++, 2_000); // a carousel's next slide, even if set in reaction
    await sleep(200);
    expect(steps).toBeGreaterThan(5);
    expect(steps).toBeLessThanOrEqual(22); // MAX_CHAIN steps, then held
    const heldAt = steps;
    await sleep(50);
    expect(steps).toBe(heldAt);
    tell('thaw');
    stopped = true;
    expect(steps).toBe(heldAt + 1);
    expect(carousel).toBe(0); // not due yet; after the thaw it runs as usual
    clearTimeout(slide);
  });

  it('settle waits for caused work that is due, then answers once the DOM rests, within its bound', async () => {
    tell('freeze');
    const started = Date.now();
    tell('settle');
    const el = document.body.appendChild(document.createElement('div'));
    setTimeout(() => (el.textContent = 'loaded'), 200); // scheduled in the window: caused
    const first = await quiet();
    expect(el.textContent).toBe('loaded');
    expect(first.quiet).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    // A page that never rests (a timer from before the hooks keeps changing the DOM) is not waited for forever.
    tell('settle');
    let n = 0;
    const stop = everyNative(10, () => (el.textContent = String(n++)));
    const t0 = Date.now();
    const second = await quiet();
    expect(second.quiet).toBe(false);
    expect(Date.now() - t0).toBeLessThan(1_400);
    stop();
    tell('thaw');
  });

  it("counts what a scroll handler schedules as caused even when the scroll's event comes after the settle", async () => {
    tell('freeze');
    let rendered = 0;
    const onScroll = () => setTimeout(() => rendered++, 5);
    window.addEventListener('scroll', onScroll);
    window.dispatchEvent(new Event('scroll')); // a loaded machine drew the scroll late
    window.removeEventListener('scroll', onScroll);
    await sleep(30);
    expect(rendered).toBe(1);
    tell('thaw');
  });

  it('lets what a resize handler schedules while frozen run, so a render behind a "pending" flag is not held for the whole capture', async () => {
    // Fast mode's infobar comes after the freeze and shrinks the viewport. A virtual list asks for
    // a render on resize and on scroll, only while none is pending: held, the resize's render kept
    // the flag set and the warm-up's scrolling drew no rows at all.
    tell('freeze');
    let pending: ReturnType<typeof setTimeout> | undefined;
    let renders = 0;
    const onChange = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        renders++;
      }, 0);
    };
    window.addEventListener('resize', onChange);
    window.addEventListener('scroll', onChange);
    window.dispatchEvent(new Event('resize'));
    await sleep(20);
    expect(renders).toBe(1);
    tell('open'); // the warm-up scrolls
    window.dispatchEvent(new Event('scroll'));
    await sleep(20);
    expect(renders).toBe(2);
    window.removeEventListener('resize', onChange);
    window.removeEventListener('scroll', onChange);
    tell('thaw');
  });

  it('acknowledges every command at once, so the content script knows the hooks are there', () => {
    let acks = 0;
    const ack = () => acks++;
    document.addEventListener('fps:motion-ack', ack);
    tell('ping');
    tell('thaw');
    document.removeEventListener('fps:motion-ack', ack);
    expect(acks).toBe(2);
  });

  // (jsdom draws animation frames from an interval of its own, which the freeze holds; the browser
  // tests cover frames: test/e2e/extension/capture-scroll*.spec.ts.)
  it('runs a short timer the page still owed at the freeze once, when the page may react, and holds what it schedules next', async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renders = 0;
    // A debounced render: re-armed only when none is pending, so a held one would block it for good.
    const onScroll = () => {
      timer ??= setTimeout(() => {
        renders++;
        timer = undefined;
      }, 20);
    };
    onScroll(); // the user scrolled just before the click
    tell('freeze');
    await sleep(60);
    expect(renders).toBe(0); // held: the page is not reacting now
    tell('settle'); // before frame 0
    await quiet();
    expect(renders).toBe(1); // the owed render ran, and the debounce is free again
    tell('settle');
    onScroll(); // the capture's scroll: caused
    await quiet();
    expect(renders).toBe(2);
    // A chain pending at the freeze takes exactly one step.
    let steps = 0;
    let stopped = false;
    const step = () => {
      steps++;
      if (!stopped) setTimeout(step, 10);
    };
    tell('thaw');
    setTimeout(step, 10);
    tell('freeze');
    await sleep(30);
    tell('settle');
    await quiet();
    tell('settle');
    await quiet();
    expect(steps).toBe(1);
    stopped = true;
    tell('thaw');
  });

  it('holds animation frames', async () => {
    const frames = startFrameLoop();
    await sleep(60);
    tell('freeze');
    await sleep(40);
    const frozenAt = frames();
    await sleep(60);
    expect(frames()).toBe(frozenAt);
    tell('thaw');
    await sleep(60);
    expect(frames()).toBeGreaterThan(frozenAt);
  });

  it('holds inline style writes that move things, and applies the last one at the thaw', () => {
    const el = document.body.appendChild(document.createElement('div'));
    el.style.left = '1px';
    tell('freeze');
    el.style.left = '5px';
    el.style.setProperty('transform', 'translateX(9px)');
    el.style.color = 'red';
    expect(el.style.left).toBe('1px');
    expect(el.style.transform).toBe('');
    expect(el.style.color).toBe('red');
    expect(el.style).toBe(el.style); // one proxy per declaration
    tell('thaw');
    expect(el.style.left).toBe('5px');
    expect(el.style.transform).toBe('translateX(9px)');
  });

  it('lets style writes through from caused callbacks and from event handlers while the page may react', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    el.style.top = '0px';
    tell('freeze');
    tell('open');
    setTimeout(() => (el.style.top = '40px'), 0); // a virtual list's render after a scroll
    await sleep(20);
    expect(el.style.top).toBe('40px');
    const onScroll = () => (el.style.transform = 'translateY(80px)');
    window.addEventListener('scroll', onScroll);
    window.dispatchEvent(new Event('scroll'));
    window.removeEventListener('scroll', onScroll);
    expect(el.style.transform).toBe('translateY(80px)');
    tell('settle');
    await quiet();
    el.style.top = '99px'; // outside any reaction (a timer from before the injection): held
    expect(el.style.top).toBe('40px');
    tell('thaw');
    expect(el.style.top).toBe('99px');
  });

  it('lets style writes through to new elements and while the page handles a resize', () => {
    const el = document.body.appendChild(document.createElement('div'));
    tell('freeze');
    const fresh = document.createElement('div');
    fresh.style.left = '3px'; // styled before it is added
    let seen = '';
    const onResize = () => {
      el.style.left = '7px';
      seen = el.style.left;
    };
    window.addEventListener('resize', onResize);
    window.dispatchEvent(new Event('resize'));
    window.removeEventListener('resize', onResize);
    expect(fresh.style.left).toBe('3px');
    expect(seen).toBe('7px');
    tell('thaw');
  });
});
