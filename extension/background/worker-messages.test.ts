import { afterEach, describe, expect, it, vi } from 'vitest';
import { onWorkerMessage, UNKNOWN_MESSAGE } from './worker-messages';

const sender = { tab: { id: 7 } } as chrome.runtime.MessageSender;

describe('the service worker message switch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cancels the sender tab’s capture', () => {
    const cancelCapture = vi.fn();
    const sendResponse = vi.fn();
    expect(onWorkerMessage({ target: 'worker', type: 'cancel-capture' }, sender, sendResponse, { cancelCapture, picked: vi.fn() })).toBe(false);
    expect(cancelCapture).toHaveBeenCalledWith(7);
    expect(sendResponse).toHaveBeenCalledWith({ ok: true });
  });

  it("captures what the user picked in the sender tab's top frame, and nothing for another frame or kind", () => {
    const picked = vi.fn();
    const sendResponse = vi.fn();
    const top = { tab: { id: 7 }, frameId: 0 } as chrome.runtime.MessageSender;
    onWorkerMessage({ target: 'worker', type: 'picked', kind: 'element' }, top, sendResponse, { cancelCapture: vi.fn(), picked });
    expect(picked).toHaveBeenCalledWith(top.tab, 'element');
    onWorkerMessage({ target: 'worker', type: 'picked', kind: 'area' }, { ...top, frameId: 3 }, sendResponse, { cancelCapture: vi.fn(), picked });
    onWorkerMessage({ target: 'worker', type: 'picked', kind: 'whole' as 'area' }, top, sendResponse, { cancelCapture: vi.fn(), picked });
    expect(picked).toHaveBeenCalledTimes(1);
    expect(sendResponse).toHaveBeenCalledWith({ ok: true });
  });

  it('refuses an unknown type with an answer and a logged warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sendResponse = vi.fn();
    const cancelCapture = vi.fn();
    onWorkerMessage({ target: 'worker', type: 'format-disk' }, sender, sendResponse, { cancelCapture, picked: vi.fn() });
    expect(sendResponse).toHaveBeenCalledWith(UNKNOWN_MESSAGE);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown type'), 'format-disk');
    expect(cancelCapture).not.toHaveBeenCalled();
  });

  it('leaves messages for other targets unanswered', () => {
    const sendResponse = vi.fn();
    onWorkerMessage({ target: 'content', type: 'measure' }, sender, sendResponse, { cancelCapture: vi.fn(), picked: vi.fn() });
    onWorkerMessage(undefined, sender, sendResponse, { cancelCapture: vi.fn(), picked: vi.fn() });
    expect(sendResponse).not.toHaveBeenCalled();
  });
});
