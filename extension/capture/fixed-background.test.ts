import { describe, expect, it } from 'vitest';
import { resolveSize, scrollEquivalent, splitLayers } from './fixed-background';

const viewport = { width: 1000, height: 800 };

describe('fixed background as scroll', () => {
  it('keeps the image where the viewport at scroll 0 showed it, relative to the element', () => {
    const layer = { positionX: '0%', positionY: '0%', size: 'auto', natural: { width: 200, height: 200 } };
    expect(scrollEquivalent(layer, viewport, { x: 0, y: 0 })).toEqual({ position: '0px 0px', size: '200px 200px' });
    // A section starting 300 px down: the image sits 300 px above its box, as in frame 0.
    expect(scrollEquivalent(layer, viewport, { x: 10, y: 300 })).toEqual({ position: '-10px -300px', size: '200px 200px' });
  });
  it('resolves percentages, cover and contain against the viewport', () => {
    const centred = { positionX: '50%', positionY: '50%', size: 'cover', natural: { width: 100, height: 50 } };
    // cover: 1600 × 800, centred in 1000 × 800 → x = (1000 − 1600) / 2.
    expect(scrollEquivalent(centred, viewport, { x: 0, y: 0 })).toEqual({ position: '-300px 0px', size: '1600px 800px' });
    expect(resolveSize('contain', { width: 100, height: 50 }, viewport)).toEqual({ width: 1000, height: 500 });
    expect(resolveSize('50% auto', { width: 100, height: 50 }, viewport)).toEqual({ width: 500, height: 250 });
    expect(resolveSize('auto', null, viewport)).toEqual(viewport); // a gradient fills the viewport
  });
  it('leaves what it cannot resolve alone', () => {
    expect(scrollEquivalent({ positionX: 'calc(50% + 10px)', positionY: '0%', size: 'auto', natural: null }, viewport, { x: 0, y: 0 })).toBeNull();
  });
  it('splits layer lists outside parentheses', () => {
    expect(splitLayers('linear-gradient(red, blue), url("a,b.png")')).toEqual(['linear-gradient(red, blue)', 'url("a,b.png")']);
  });
});
