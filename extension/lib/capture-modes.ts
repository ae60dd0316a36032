/**
 * The capture modes (whole page or visible part, now or after a delay; a selected area or one
 * element, picked on the page), as pure rules: their ids,
 * titles, keyboard commands, the toolbar button's menu, and the countdown's arithmetic. The
 * manifest, the service worker, the menu and the options page all read them from here.
 */

/**
 * What a capture takes: the whole page (scrolled and stitched), one frame of the viewport, or a
 * part the user picks on the page first (a rectangle dragged over it, or one element).
 */
export type CaptureKind = 'whole' | 'visible' | 'area' | 'element';
/** The modes whose part the user picks on the page (content/area-picker.ts, element-picker.ts). */
export type PickedKind = Extract<CaptureKind, 'area' | 'element'>;
/** Seconds before a delayed capture; 0 is at once. */
const CAPTURE_DELAYS = [3, 5, 10] as const;
type CaptureDelay = 0 | (typeof CAPTURE_DELAYS)[number];

export interface CaptureMode {
  kind: CaptureKind;
  delay: CaptureDelay;
}

const KINDS: readonly CaptureKind[] = ['whole', 'visible', 'area', 'element'];
/** A delay makes sense only for what is taken without the user's hand on the page. */
const DELAYED_KINDS: readonly CaptureKind[] = ['whole', 'visible'];

/** Every mode, in menu order: the four at once, then the delayed ones by kind. */
export const CAPTURE_MODES: readonly CaptureMode[] = [
  ...KINDS.map((kind) => ({ kind, delay: 0 as const })),
  ...DELAYED_KINDS.flatMap((kind) => CAPTURE_DELAYS.map((delay) => ({ kind, delay }))),
];

export function isPicked(kind: CaptureKind): kind is PickedKind {
  return kind === 'area' || kind === 'element';
}

/** 'whole', 'visible', 'area', 'element', 'whole-3s', 'visible-10s': the menu item's id, and part of its command's name. */
export function modeId(m: CaptureMode): string {
  return m.delay ? `${m.kind}-${m.delay}s` : m.kind;
}

export function parseModeId(id: unknown): CaptureMode | null {
  return CAPTURE_MODES.find((m) => modeId(m) === id) ?? null;
}

const KIND_TITLES: Record<CaptureKind, string> = {
  whole: 'Capture whole page',
  visible: 'Capture visible part',
  area: 'Capture selected area',
  element: 'Capture one element',
};

export function modeTitle(m: CaptureMode): string {
  return m.delay ? `${KIND_TITLES[m.kind]} in ${m.delay} s` : KIND_TITLES[m.kind];
}

/**
 * The whole page at once is the toolbar button's own command: `_execute_action` fires
 * `action.onClicked`, like a click. The others are commands of their own.
 */
export const ACTION_COMMAND = '_execute_action';
const COMMAND_PREFIX = 'capture-';

export function commandName(m: CaptureMode): string {
  return m.kind === 'whole' && !m.delay ? ACTION_COMMAND : `${COMMAND_PREFIX}${modeId(m)}`;
}

export function modeOfCommand(name: string): CaptureMode | null {
  return CAPTURE_MODES.find((m) => commandName(m) === name) ?? null;
}

/**
 * Suggested keys. Chrome takes at most 4 per extension; the modes without one can be bound in
 * chrome://extensions/shortcuts (or Firefox's add-on shortcut settings).
 */
const SUGGESTED_KEYS: Readonly<Record<string, string>> = {
  [ACTION_COMMAND]: 'Alt+Shift+P',
  'capture-visible': 'Alt+Shift+V',
  'capture-whole-3s': 'Alt+Shift+D',
  'capture-area': 'Alt+Shift+S',
};
export const MAX_SUGGESTED_KEYS = 4;

export function suggestedKey(m: CaptureMode): string | undefined {
  return SUGGESTED_KEYS[commandName(m)];
}

/** The manifest's `commands`: one per mode. */
export function manifestCommands(): Record<string, { suggested_key?: { default: string }; description: string }> {
  return Object.fromEntries(
    CAPTURE_MODES.map((m) => {
      const key = suggestedKey(m);
      return [commandName(m), { ...(key ? { suggested_key: { default: key } } : {}), description: modeTitle(m) }];
    }),
  );
}

/** The submenu that holds the delayed modes. */
export const DELAYED_MENU_ID = 'delayed';

export interface MenuItem {
  id: string;
  title: string;
  parentId?: string;
}

/**
 * The toolbar button's menu: the four modes at once, then "Delayed capture" with the others (Chrome
 * shows at most 6 top-level items in an action's menu).
 */
export function menuItems(): MenuItem[] {
  return [
    ...CAPTURE_MODES.filter((m) => !m.delay).map((m) => ({ id: modeId(m), title: modeTitle(m) })),
    { id: DELAYED_MENU_ID, title: 'Delayed capture' },
    ...CAPTURE_MODES.filter((m) => m.delay).map((m) => ({ id: modeId(m), title: modeTitle(m), parentId: DELAYED_MENU_ID })),
  ];
}

/** Whole seconds left of a countdown that started at `startMs` (shown 3, 2, 1; 0 means now). */
export function secondsLeft(startMs: number, delay: number, nowMs: number): number {
  return Math.max(0, Math.ceil((startMs + delay * 1000 - nowMs) / 1000 - 1e-9));
}

/** Milliseconds until the number shown changes (or the countdown ends). */
export function msToNextTick(startMs: number, delay: number, nowMs: number): number {
  const left = startMs + delay * 1000 - nowMs;
  if (left <= 0) return 0;
  const rem = left % 1000;
  return rem === 0 ? 1000 : rem;
}

/** The toolbar button's tooltip while the countdown runs. */
export function countdownTitle(m: CaptureMode, seconds: number): string {
  const what = m.kind === 'whole' ? 'the whole page' : 'the visible part';
  return `Capturing ${what} in ${seconds} s. Click the button again to cancel.`;
}

/** The options page's list: every mode with its shortcut from `chrome.commands.getAll` ('' when none is set). */
export function modeShortcuts(commands: ReadonlyArray<{ name?: string; shortcut?: string }>): Array<{ mode: CaptureMode; title: string; shortcut: string }> {
  const keys = new Map(commands.map((c) => [c.name, c.shortcut ?? '']));
  return CAPTURE_MODES.map((mode) => ({ mode, title: modeTitle(mode), shortcut: keys.get(commandName(mode)) ?? '' }));
}
