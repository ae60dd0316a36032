/**
 * The progress panel shown on the captured page. It lives in a closed shadow root so page CSS
 * cannot restyle it, and it is hidden while each frame is taken so it never lands in the image.
 */
export class CaptureOverlay {
  readonly host: HTMLElement;
  private readonly text: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly cancel: HTMLButtonElement;

  /** A stand-in that shows nothing (inside frames, which the top page's panel covers). */
  static none(): CaptureOverlay {
    const o = Object.create(CaptureOverlay.prototype) as CaptureOverlay;
    (o as { host: HTMLElement }).host = document.createElement('fps-capture-overlay');
    o.show = () => undefined;
    o.hide = () => undefined;
    o.remove = () => undefined;
    return o;
  }

  constructor(onCancel: () => void) {
    this.host = document.createElement('fps-capture-overlay');
    this.host.setAttribute('style', 'all: initial; position: fixed; top: 12px; right: 12px; z-index: 2147483647; display: block;');
    const root = this.host.attachShadow({ mode: 'closed' });
    root.innerHTML = `
      <style>
        .panel { font: 14px/1.4 system-ui, sans-serif; color: #111; background: #fff; border: 1px solid #bbb;
          border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.25); padding: 12px 14px; width: 260px; }
        progress { width: 100%; height: 8px; margin: 8px 0; }
        button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid #888; background: #f4f4f4; cursor: pointer; }
        button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
      </style>
      <div class="panel" role="status" aria-live="polite">
        <div class="text">Preparing capture…</div>
        <progress max="1" value="0" aria-label="Capture progress"></progress>
        <button type="button">Cancel</button>
      </div>`;
    this.text = root.querySelector('.text') as HTMLElement;
    this.bar = root.querySelector('progress') as HTMLProgressElement;
    this.cancel = root.querySelector('button') as HTMLButtonElement;
    this.cancel.addEventListener('click', () => {
      this.cancel.disabled = true;
      this.text.textContent = 'Cancelling…';
      onCancel();
    });
    document.documentElement.appendChild(this.host);
  }

  show(label: string, done?: number, total?: number): void {
    this.text.textContent = label;
    if (done !== undefined && total) {
      this.bar.max = total;
      this.bar.value = done;
    }
    this.host.style.setProperty('display', 'block', 'important');
  }

  hide(): void {
    this.host.style.setProperty('display', 'none', 'important');
  }

  remove(): void {
    this.host.remove();
  }
}
