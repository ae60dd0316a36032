// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { deepElements, deepQuery, shadowRoots } from './deep-elements';

it('walks open shadow roots (nested too) after their host, and skips closed ones', () => {
  document.body.innerHTML = '<div id="a"></div><p id="z"></p>';
  const a = document.getElementById('a')!;
  const open = a.attachShadow({ mode: 'open' });
  open.innerHTML = '<video id="v"></video><span id="s"></span>';
  const inner = open.getElementById('s')!.attachShadow({ mode: 'open' });
  inner.innerHTML = '<video id="w"></video>';
  const closed = document.getElementById('z')!.attachShadow({ mode: 'closed' });
  closed.innerHTML = '<video id="hidden"></video>';
  const ids = [...deepElements(document.body)].map((el) => el.id);
  expect(ids).toEqual(['a', 'v', 's', 'w', 'z']);
  expect(deepQuery('video').map((v) => v.id)).toEqual(['v', 'w']);
  expect([...shadowRoots()]).toEqual([open, inner]);
});
