/**
 * Test pages whose layout changes while they are captured (issue #21, section 2), and an inner
 * scroller with exact markers for page zoom (section 4). Sizes are multiples of 4 CSS px, so
 * every edge is a whole device row at DPR 1, 1.25 and 2.
 */
import { HEADER, bandColor, type Rgb } from './pages';

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * `/changing.html?header=1&cv=1&grow=1&shrink=1`, each part optional:
 * - header: an in-flow sticky header, 144 px at the top, 73 px (71 less) once the page is scrolled;
 * - cv: every section has `content-visibility: auto` with an intrinsic size far from its real one
 *   (200 px) and no `auto` memory: a few render at load, the rest as they near the viewport,
 *   so the page grows by thousands of px as it is scrolled;
 * - grow: each time the bottom comes into view, 3 more sections are appended (up to `max`);
 * - shrink: a 1200 px "ad" at the end is removed the second time the bottom comes into view.
 * Captured, the page shows the expanded header and every section once, at its final height.
 */
const CHANGING = { headerHeight: 144, collapse: 71, initial: 16, max: 22, batch: 3, adHeight: 1200 };
export const AD: Rgb = [250, 250, 0];

function changingHeight(i: number): number {
  return 400 + ((i * 3) % 4) * 200;
}

export interface ChangingOptions {
  header: boolean;
  cv: boolean;
  grow: boolean;
  shrink: boolean;
}

export function changingOptions(url: URL): ChangingOptions {
  const on = (k: string) => url.searchParams.get(k) === '1';
  return { header: on('header'), cv: on('cv'), grow: on('grow'), shrink: on('shrink') };
}

/** Section tops and the page's final height, in CSS px, once it has settled. */
export function changingLayout(o: ChangingOptions): { headerHeight: number; sections: Array<{ top: number; height: number; color: Rgb }>; height: number } {
  const headerHeight = o.header ? CHANGING.headerHeight : 0;
  const count = o.grow ? CHANGING.max : CHANGING.initial;
  let top = headerHeight;
  const sections = [];
  for (let i = 0; i < count; i++) {
    sections.push({ top, height: changingHeight(i), color: bandColor(i) });
    top += changingHeight(i);
  }
  return { headerHeight, sections, height: top };
}

export function changingPage(o: ChangingOptions): string {
  const section = (i: number) => {
    const est = 200;
    // The height comes from the content: a skipped section is as tall as its intrinsic size.
    return `<section style="background:${hex(bandColor(i))};contain-intrinsic-size:${est}px"><div style="height:${changingHeight(i)}px"></div></section>`;
  };
  const sections = Array.from({ length: CHANGING.initial }, (_, i) => section(i)).join('');
  return `<!doctype html><html><head><title>Changing</title><style>
    html, body { margin: 0; background: #fff; }
    header { position: sticky; top: 0; height: ${CHANGING.headerHeight}px; background: ${hex(HEADER)}; z-index: 5; }
    header.collapsed { height: ${CHANGING.headerHeight - CHANGING.collapse}px; }
    ${o.cv ? 'section { content-visibility: auto; }' : ''}
    #ad { height: ${CHANGING.adHeight}px; background: ${hex(AD)}; }
  </style></head><body>
    ${o.header ? '<header></header>' : ''}<div id="sections">${sections}</div>${o.shrink ? '<div id="ad"></div>' : ''}
    <script>
      const html = ${JSON.stringify(Array.from({ length: CHANGING.max }, (_, i) => section(i)))};
      const list = document.getElementById('sections');
      let visits = 0;
      let wasNear = false;
      addEventListener('scroll', () => {
        const header = document.querySelector('header');
        if (header) header.classList.toggle('collapsed', scrollY > 0);
        const near = scrollY + innerHeight >= document.documentElement.scrollHeight - 10;
        if (near && !wasNear) {
          visits += 1;
          if (${o.grow}) {
            for (let k = 0; k < ${CHANGING.batch} && list.children.length < ${CHANGING.max}; k++) list.insertAdjacentHTML('beforeend', html[list.children.length]);
          }
          if (${o.shrink} && visits === 2) document.getElementById('ad')?.remove();
        }
        wasNear = near;
      });
    </script>
  </body></html>`;
}

/**
 * `/inner-rails.html`: an app layout (header, sidebar, footer) whose main pane scrolls, holding 1 px
 * rails every `period` CSS px. 80 px is whole device rows at 0.9 × 2, 1.1 and 1.25 × 1.25, and
 * so is the header, so rail k must sit at device row (header + k × period) × dpr exactly. The
 * footer makes the pane's height fractional in CSS px, so its rounded clientHeight is off.
 */
export const INNER_RAILS = { headerHeight: 80, footerHeight: 40, sidebarWidth: 200, period: 80, count: 64 };
export const INNER_FOOTER: Rgb = [128, 32, 32];
export const INNER_HEADER: Rgb = [32, 32, 128];
const INNER_SIDEBAR: Rgb = [32, 128, 32];
export const INNER_RAIL_COLORS: Rgb[] = [[200, 30, 30], [30, 150, 30], [30, 30, 200], [180, 120, 0], [120, 0, 160]];

/**
 * `paneHeight` (CSS px) fixes the pane's height instead, the footer taking the rest: a height
 * whose rounded clientHeight is a device row off at the zoom under test (see captureInnerRails).
 */
export function innerRailsPage(paneHeight?: number): string {
  const rows = Array.from({ length: INNER_RAILS.count }, (_, k) => `<div class="r" style="border-top-color:${hex(INNER_RAIL_COLORS[k % INNER_RAIL_COLORS.length])}"></div>`).join('');
  const gridRows = paneHeight ? `${INNER_RAILS.headerHeight}px ${paneHeight}px 1fr` : `${INNER_RAILS.headerHeight}px 1fr ${INNER_RAILS.footerHeight}px`;
  return `<!doctype html><html><head><title>Inner rails</title><style>
    html, body { margin: 0; height: 100%; overflow: hidden; background: #fff; }
    .layout { display: grid; grid-template-rows: ${gridRows}; grid-template-columns: ${INNER_RAILS.sidebarWidth}px 1fr; height: 100%; }
    .top { grid-column: 1 / 3; background: ${hex(INNER_HEADER)}; }
    .foot { grid-column: 1 / 3; background: ${hex(INNER_FOOTER)}; }
    .side { background: ${hex(INNER_SIDEBAR)}; }
    main { overflow: auto; }
    .r { height: ${INNER_RAILS.period}px; box-sizing: border-box; border-top: 1px solid; }
  </style></head><body><div class="layout"><div class="top"></div><div class="side"></div><main>${rows}</main><div class="foot"></div></div></body></html>`;
}
