import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeroArrow } from './use-hero-arrow';

let bottom = 800;
const el = { getBoundingClientRect: () => ({ top: bottom - 600, bottom }) } as unknown as HTMLElement;
const ref = { current: el };

beforeEach(() => {
  vi.useFakeTimers();
  bottom = 800;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useHeroArrow', () => {
  it('bounces every 5 s for 4 s', () => {
    const { result } = renderHook(() => useHeroArrow(ref));
    expect(result.current.bouncing).toBe(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.bouncing).toBe(true);
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.bouncing).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.bouncing).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.bouncing).toBe(true);
  });

  it('stops for good once the benefits are scrolled past (checked every 200 ms)', () => {
    const { result } = renderHook(() => useHeroArrow(ref));
    act(() => vi.advanceTimersByTime(5000));
    bottom = -1;
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.passed).toBe(true);
    expect(result.current.bouncing).toBe(false);
    bottom = 800;
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.bouncing).toBe(false);
  });

  it('scrolls the benefits to 120 px below the top', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { result } = renderHook(() => useHeroArrow(ref));
    result.current.scrollToTarget();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 200 + window.scrollY - 120 }));
    vi.unstubAllGlobals();
  });
});
