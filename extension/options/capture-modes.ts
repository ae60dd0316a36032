/**
 * The options page's list of capture modes and their shortcuts (`chrome.commands.getAll`), with the
 * link to the browser's shortcut settings where they are set or changed.
 */
import { modeShortcuts } from '../lib/capture-modes';

/** Firefox opens its own shortcut settings (about:addons); it cannot open a chrome:// page. */
const commands = chrome.commands as typeof chrome.commands & { openShortcutSettings?: () => Promise<void> };
const CHROME_SHORTCUTS_URL = 'chrome://extensions/shortcuts';

async function renderModes(body: HTMLElement): Promise<void> {
  const rows = modeShortcuts(await chrome.commands.getAll());
  body.replaceChildren(
    ...rows.map(({ title, shortcut }) => {
      const tr = document.createElement('tr');
      const name = document.createElement('td');
      name.textContent = title;
      const keys = document.createElement('td');
      if (shortcut) {
        const kbd = document.createElement('kbd');
        kbd.textContent = shortcut;
        keys.append(kbd);
      } else {
        keys.textContent = 'Not set';
        keys.className = 'unset';
      }
      tr.append(name, keys);
      return tr;
    }),
  );
}

/** Fills `body` (a table's tbody) and wires `link` to the shortcut settings; the list follows changes made there. */
export function showCaptureModes(body: HTMLElement, link: HTMLAnchorElement): Promise<void> {
  if (commands.openShortcutSettings) link.textContent = 'the add-on shortcut settings';
  else link.textContent = link.href = CHROME_SHORTCUTS_URL;
  // A page may not navigate to chrome:// by itself: the extension opens it in a tab.
  link.addEventListener('click', (e) => {
    e.preventDefault();
    void (commands.openShortcutSettings ? commands.openShortcutSettings() : chrome.tabs.create({ url: CHROME_SHORTCUTS_URL }));
  });
  // Shortcuts are changed on another page: read them again when the user comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void renderModes(body);
  });
  return renderModes(body);
}
