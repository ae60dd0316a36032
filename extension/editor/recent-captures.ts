/** The list of recent captures beside the image, newest first, the open one marked. */
import { listCaptures, shownSize } from '../lib/capture-store';
import { $, editor } from './editor-state';

export async function renderRecent(): Promise<void> {
  const items = await listCaptures();
  // Cleared only after the read, so overlapping redraws (after edits) never add items twice.
  const list = $('recent-list');
  list.querySelectorAll('img').forEach((img) => URL.revokeObjectURL(img.src));
  list.replaceChildren();
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = 'No captures yet. Press Alt+Shift+P on any page.';
    list.append(li);
    return;
  }
  for (const c of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `editor.html?id=${encodeURIComponent(c.id)}`;
    if (c.id === editor.record?.id) a.setAttribute('aria-current', 'page');
    if (c.thumbnail) {
      const img = document.createElement('img');
      img.src = URL.createObjectURL(c.thumbnail);
      img.alt = '';
      a.append(img);
    }
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = c.title || c.url;
    const date = document.createElement('span');
    date.className = 'date';
    const size = shownSize(c);
    date.textContent = `${new Date(c.createdAt).toLocaleString()} · ${c.parts.length > 1 ? `${c.parts.length} images` : `${size.width}×${size.height}`}`;
    a.append(title, date);
    li.append(a);
    list.append(li);
  }
}
