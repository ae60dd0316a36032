// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { RowRemovalWatch } from './row-removal-watch';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `<div>${i}</div>`).join('');

it('says a page draws on scroll when one container loses three rows, counted across scroll steps', async () => {
  document.body.innerHTML = `<div id="list">${rows(6)}</div>`;
  const list = document.getElementById('list')!;
  const watch = new RowRemovalWatch();
  watch.start();
  list.firstElementChild!.remove();
  await Promise.resolve(); // one scroll step's records delivered
  list.firstElementChild!.remove();
  list.firstElementChild!.remove(); // the third, still queued: taken at stop
  expect(watch.stop()).toBe(true);
});

it('does not count rows spread over containers, text, scripts, or our own nodes on <html> and <head>', () => {
  document.body.innerHTML = `<div id="a">${rows(2)}</div><div id="b">${rows(2)}<script></script>text</div>`;
  const ours = document.documentElement.appendChild(document.createElement('div'));
  const watch = new RowRemovalWatch();
  watch.start();
  for (const id of ['a', 'b']) document.getElementById(id)!.firstElementChild!.remove();
  document.querySelector('#b script')!.remove();
  document.getElementById('b')!.lastChild!.remove();
  for (let i = 0; i < 3; i++) {
    ours.remove();
    document.documentElement.append(ours);
    document.head.append(document.createElement('style'));
    document.head.lastElementChild!.remove();
  }
  expect(watch.stop()).toBe(false);
  ours.remove();
});
