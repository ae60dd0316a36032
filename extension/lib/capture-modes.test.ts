import { describe, expect, it } from 'vitest';
import {
  ACTION_COMMAND,
  CAPTURE_MODES,
  commandName,
  countdownTitle,
  DELAYED_MENU_ID,
  isPicked,
  manifestCommands,
  MAX_SUGGESTED_KEYS,
  menuItems,
  modeId,
  modeOfCommand,
  modeShortcuts,
  modeTitle,
  msToNextTick,
  parseModeId,
  secondsLeft,
} from './capture-modes';

describe('capture modes', () => {
  it('lists whole page and visible part, at once and after 3, 5 and 10 s, and the picked area and element at once', () => {
    expect(CAPTURE_MODES.map(modeId)).toEqual(['whole', 'visible', 'area', 'element', 'whole-3s', 'whole-5s', 'whole-10s', 'visible-3s', 'visible-5s', 'visible-10s']);
    expect(CAPTURE_MODES.map(modeTitle)).toContain('Capture visible part in 5 s');
    expect(CAPTURE_MODES.filter((m) => isPicked(m.kind)).map(modeTitle)).toEqual(['Capture selected area', 'Capture one element']);
    for (const m of CAPTURE_MODES) expect(parseModeId(modeId(m))).toEqual(m);
    expect(parseModeId('whole-4s')).toBeNull();
    expect(parseModeId(3)).toBeNull();
  });

  it('maps each mode to one command; the whole page at once is the toolbar button (_execute_action)', () => {
    expect(commandName({ kind: 'whole', delay: 0 })).toBe(ACTION_COMMAND);
    expect(commandName({ kind: 'visible', delay: 10 })).toBe('capture-visible-10s');
    for (const m of CAPTURE_MODES) expect(modeOfCommand(commandName(m))).toEqual(m);
    expect(modeOfCommand('capture-nothing')).toBeNull();
  });

  it('declares a command per mode, with at most 4 suggested keys (Chrome refuses more)', () => {
    const commands = manifestCommands();
    expect(Object.keys(commands)).toHaveLength(CAPTURE_MODES.length);
    const keys = Object.values(commands).flatMap((c) => (c.suggested_key ? [c.suggested_key.default] : []));
    expect(keys.length).toBeLessThanOrEqual(MAX_SUGGESTED_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(commands[ACTION_COMMAND]).toEqual({ suggested_key: { default: 'Alt+Shift+P' }, description: 'Capture whole page' });
    expect(commands['capture-visible'].suggested_key).toEqual({ default: 'Alt+Shift+V' });
    expect(commands['capture-whole-3s'].suggested_key).toEqual({ default: 'Alt+Shift+D' });
    expect(commands['capture-area']).toEqual({ suggested_key: { default: 'Alt+Shift+S' }, description: 'Capture selected area' });
    // The fifth mode at once: Chrome's 4 keys are taken, so it is bound in chrome://extensions/shortcuts.
    expect(commands['capture-element']).toEqual({ description: 'Capture one element' });
  });

  it("builds the toolbar menu: 5 top-level items (Chrome's limit is 6), the delayed ones in a submenu", () => {
    const items = menuItems();
    expect(items.filter((i) => !i.parentId).map((i) => i.title)).toEqual(['Capture whole page', 'Capture visible part', 'Capture selected area', 'Capture one element', 'Delayed capture']);
    expect(items.filter((i) => i.parentId === DELAYED_MENU_ID).map((i) => i.title)).toEqual([
      'Capture whole page in 3 s',
      'Capture whole page in 5 s',
      'Capture whole page in 10 s',
      'Capture visible part in 3 s',
      'Capture visible part in 5 s',
      'Capture visible part in 10 s',
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('counts down whole seconds: 3 until 1 s has passed, then 2, 1, and 0 at the end', () => {
    const start = 10_000;
    expect(secondsLeft(start, 3, start)).toBe(3);
    expect(secondsLeft(start, 3, start + 999)).toBe(3);
    expect(secondsLeft(start, 3, start + 1000)).toBe(2);
    expect(secondsLeft(start, 3, start + 2500)).toBe(1);
    expect(secondsLeft(start, 3, start + 3000)).toBe(0);
    expect(secondsLeft(start, 3, start + 4000)).toBe(0);
  });

  it('wakes up when the number changes, however late the previous tick ran', () => {
    const start = 10_000;
    expect(msToNextTick(start, 3, start)).toBe(1000);
    expect(msToNextTick(start, 3, start + 1040)).toBe(960);
    expect(msToNextTick(start, 3, start + 2999)).toBe(1);
    expect(msToNextTick(start, 3, start + 3000)).toBe(0);
    expect(msToNextTick(start, 3, start + 5000)).toBe(0);
  });

  it('says how to cancel in the tooltip', () => {
    expect(countdownTitle({ kind: 'visible', delay: 5 }, 4)).toBe('Capturing the visible part in 4 s. Click the button again to cancel.');
    expect(countdownTitle({ kind: 'whole', delay: 3 }, 1)).toContain('the whole page in 1 s');
  });

  it("lists every mode with the shortcut the browser reports for its command, '' when none is bound", () => {
    const rows = modeShortcuts([
      { name: ACTION_COMMAND, shortcut: 'Alt+Shift+P' },
      { name: 'capture-visible', shortcut: 'Alt+Shift+V' },
      { name: 'capture-visible-5s' },
      { name: 'unrelated', shortcut: 'Ctrl+Q' },
    ]);
    expect(rows.map((r) => [r.title, r.shortcut])).toEqual([
      ['Capture whole page', 'Alt+Shift+P'],
      ['Capture visible part', 'Alt+Shift+V'],
      ['Capture selected area', ''],
      ['Capture one element', ''],
      ['Capture whole page in 3 s', ''],
      ['Capture whole page in 5 s', ''],
      ['Capture whole page in 10 s', ''],
      ['Capture visible part in 3 s', ''],
      ['Capture visible part in 5 s', ''],
      ['Capture visible part in 10 s', ''],
    ]);
  });
});
