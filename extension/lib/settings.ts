import { DEFAULT_SETTINGS, STORAGE_KEYS, type ExtensionSettings } from '#shared/extension/messages';

export async function readSettings(): Promise<ExtensionSettings> {
  const got = await chrome.storage.local.get(STORAGE_KEYS.settings);
  return { ...DEFAULT_SETTINGS, ...(got[STORAGE_KEYS.settings] as Partial<ExtensionSettings> | undefined) };
}

export async function writeSettings(patch: Partial<ExtensionSettings>): Promise<ExtensionSettings> {
  const next = { ...(await readSettings()), ...patch };
  await chrome.storage.local.set({ [STORAGE_KEYS.settings]: next });
  return next;
}
