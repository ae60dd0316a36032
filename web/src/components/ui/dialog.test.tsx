import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, DIALOG_TRANSITION_MS } from './dialog';
import { clearFocusHistory, FOCUS_HISTORY_LIMIT, focusHistory, rememberFocus, restoreFocus } from './focus-history';

afterEach(() => {
  cleanup();
  clearFocusHistory();
  vi.useRealTimers();
});

function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Remove Ann</button>
      <ConfirmDialog open={open} title="Deactivate Ann?" confirmLabel="Deactivate" destructive onCancel={() => setOpen(false)} onConfirm={() => { onConfirm(); setOpen(false); }}>
        <p>Ann loses the plan.</p>
      </ConfirmDialog>
    </>
  );
}

describe('focus history', () => {
  it('keeps the 10 most recently focused elements (spec 001) and restores the newest still on the page', () => {
    const els = Array.from({ length: 12 }, (_, i) => {
      const b = document.createElement('button');
      b.textContent = `b${i}`;
      document.body.append(b);
      return b;
    });
    els.forEach((b) => rememberFocus(b));
    expect(FOCUS_HISTORY_LIMIT).toBe(10);
    expect(focusHistory()).toEqual(els.slice(2));
    els[11].remove();
    expect(restoreFocus()).toBe(true);
    expect(document.activeElement).toBe(els[10]);
    els.forEach((b) => b.remove());
  });
});

describe('ConfirmDialog', () => {
  it('is a modal alertdialog named by its title, with Cancel focused and a destructive confirm; Escape closes and focus returns', () => {
    vi.useFakeTimers();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Remove Ann' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Ann?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Ann loses the plan.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Deactivate' }).className).toContain('btn--danger');

    fireEvent.keyDown(document, { key: 'Escape' });
    // Fades out for the transition time (spec: 200–300 ms), then unmounts and gives focus back.
    expect(DIALOG_TRANSITION_MS).toBeGreaterThanOrEqual(200);
    expect(DIALOG_TRANSITION_MS).toBeLessThanOrEqual(300);
    expect(document.querySelector('.dialog-backdrop')?.getAttribute('data-state')).toBe('closed');
    act(() => void vi.advanceTimersByTime(DIALOG_TRANSITION_MS));
    act(() => void vi.runAllTicks());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms with the destructive button', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
