/**
 * The toolbar button's menu (right-click on the button): the capture modes of lib/capture-modes.ts.
 * Chrome and Firefox keep an extension's menu items across restarts, so they are created once per
 * install or update; a click on one grants activeTab like a click on the button.
 */
import { menuItems, parseModeId, type CaptureMode } from '../lib/capture-modes';

export function installCaptureMenu(): void {
  chrome.runtime.onInstalled.addListener(() => {
    chrome.contextMenus.removeAll(() => {
      for (const item of menuItems()) {
        chrome.contextMenus.create({ ...item, contexts: ['action'] }, () => void chrome.runtime.lastError);
      }
    });
  });
}

export function onCaptureMenuClick(start: (mode: CaptureMode, tab: chrome.tabs.Tab) => void): void {
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    const mode = parseModeId(info.menuItemId);
    if (mode && tab) start(mode, tab);
  });
}
