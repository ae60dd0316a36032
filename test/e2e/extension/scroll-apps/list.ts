/** The list page's script: the window virtual list alone (no lazy-loader markers on the page). */
import { mountWindowList } from './window-list';

const feed = mountWindowList(document.getElementById('feed')!);
(window as unknown as { listState(): object }).listState = () => ({ rows: feed.children.length });
