/**
 * The shell page's script: an app shell as a web component. Its open shadow root holds a fixed
 * header, the pane that scrolls (the document does not), and an endless CSS animation.
 */
import { hex, rowColor, SHELL } from '../scroll-pages';

class AppShell extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    const rows = Array.from({ length: SHELL.rows }, (_, i) => `<div class="row" style="background:${hex(rowColor(i))}"></div>`).join('');
    root.innerHTML = `<style>
      :host { display: block; height: 100%; position: relative; }
      header { position: fixed; top: 0; left: 0; right: 0; height: ${SHELL.headerHeight}px; background: ${hex(SHELL.header)}; z-index: 2; }
      main { position: absolute; top: 0; bottom: 0; left: 0; right: 0; overflow: auto; padding-top: ${SHELL.headerHeight}px; box-sizing: border-box; }
      .row { height: ${SHELL.rowHeight}px; }
      .spin { position: absolute; right: 20px; top: 8px; width: 40px; height: 40px; background: ${hex(SHELL.spinner)}; animation: turn 1s linear infinite; }
      @keyframes turn { to { transform: rotate(360deg); } }
    </style><header><div class="spin"></div></header><main>${rows}</main>`;
  }
}
customElements.define('app-shell', AppShell);
