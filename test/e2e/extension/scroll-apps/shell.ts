/**
 * The shell page's script: an app shell as a web component. Its open shadow root holds a fixed
 * header, the pane that scrolls (the document does not), an endless CSS animation, a long fade-in
 * in progress at the click, and rows below the first screen that fade in (a CSS transition) when
 * the pane scrolls them into view.
 */
import { hex, rowColor, SHELL } from '../scroll-pages';

class AppShell extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    const rows = Array.from({ length: SHELL.rows }, (_, i) => `<div class="row${i >= SHELL.revealFrom ? ' reveal' : ''}" style="background:${hex(rowColor(i))}"></div>`).join('');
    const F = SHELL.fade;
    root.innerHTML = `<style>
      :host { display: block; height: 100%; position: relative; }
      header { position: fixed; top: 0; left: 0; right: 0; height: ${SHELL.headerHeight}px; background: ${hex(SHELL.header)}; z-index: 2; }
      main { position: absolute; top: 0; bottom: 0; left: 0; right: 0; overflow: auto; padding-top: ${SHELL.headerHeight}px; box-sizing: border-box; }
      .row { height: ${SHELL.rowHeight}px; }
      .spin { position: absolute; right: 20px; top: 8px; width: 40px; height: 40px; background: ${hex(SHELL.spinner)}; animation: turn 1s linear infinite; }
      @keyframes turn { to { transform: rotate(360deg); } }
      .fade { position: absolute; left: ${F.x}px; top: 8px; width: ${F.width}px; height: 40px; background: ${hex(F.color)}; animation: fade-in 40s linear both; }
      @keyframes fade-in { from { opacity: 0; } }
      .reveal { opacity: 0; transform: translateX(60px); transition: opacity 0.8s, transform 0.8s; }
      .reveal.in { opacity: 1; transform: none; }
    </style><header><div class="spin"></div><div class="fade"></div></header><main>${rows}</main>`;
    const seen = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) e.target.classList.add('in');
    }, { root: root.querySelector('main') });
    root.querySelectorAll('.reveal').forEach((row) => seen.observe(row));
  }
}
customElements.define('app-shell', AppShell);
