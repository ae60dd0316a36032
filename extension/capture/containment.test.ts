import { expect, it } from 'vitest';
import { withAutoContainment } from './containment';

it.each([
  ['none', 'layout style paint'],
  ['', 'layout style paint'],
  ['inline-size', 'inline-size layout style paint'],
  ['paint', 'paint layout style'],
  ['layout style paint', 'layout style paint'],
  ['strict', 'strict'],
  ['content', 'content'],
])('contain %j becomes %j', (computed, want) => {
  expect(withAutoContainment(computed)).toBe(want);
});
