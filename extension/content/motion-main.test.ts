// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { installMotionHooks } from '../capture/motion-main';
import { sleep, startFrameLoop, tell } from './motion-main.test-kit';

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

  it('lets timers scheduled during the warm-up run, and holds them once strict', async () => {
    tell('freeze');
    let lenient = 0;
    setTimeout(() => lenient++, 5);
    await sleep(20);
    expect(lenient).toBe(1);
    tell('strict');
    let strict = 0;
    setTimeout(() => strict++, 5);
    const dropped = setTimeout(() => strict++, 5);
    await sleep(20);
    clearTimeout(dropped);
    expect(strict).toBe(0);
    tell('thaw');
    expect(strict).toBe(1);
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
