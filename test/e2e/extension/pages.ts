/**
 * Test pages served by the fixture's local servers. Colours are exact RGB values so the captured
 * pixels can be checked one by one.
 */
export type Rgb = [number, number, number];

export const HEADER: Rgb = [255, 0, 255];
export const NAV: Rgb = [0, 255, 255];
export const LATE_FIXED: Rgb = [255, 136, 0];

export const BANDS = { count: 40, height: 200, top: 100, headerHeight: 60, navTop: 60, navHeight: 40 };
export const BANDS_PAGE_HEIGHT = BANDS.top + BANDS.count * BANDS.height; // 8100

/** Distinct, saturated-enough colours that are far from the header, nav and white. */
export function bandColor(i: number): Rgb {
  return [(i * 53 + 20) % 200, (i * 97 + 40) % 200, (i * 29 + 90) % 200];
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * The bands page, 2 viewports tall (3 frames, not 11): for tests whose assertions do not depend on
 * the capture's size (sign-in, sign-out, saving), each capture ~4 s shorter.
 */
export const SHORT_BANDS_PAGE = '/bands.html?bands=8';

export function bandsPage(count = BANDS.count): string {
  const bands = Array.from({ length: count }, (_, i) => `<div class="band" style="background:${hex(bandColor(i))}"></div>`).join('');
  return `<!doctype html><html><head><title>Bands</title><style>
    html, body { margin: 0; }
    header { position: fixed; top: 0; left: 0; right: 0; height: ${BANDS.headerHeight}px; background: ${hex(HEADER)}; z-index: 10; }
    .spacer { height: ${BANDS.navTop}px; }
    nav { position: sticky; top: ${BANDS.headerHeight}px; height: ${BANDS.navHeight}px; background: ${hex(NAV)}; z-index: 5; }
    .band { height: ${BANDS.height}px; }
    #late { position: fixed; right: 10px; bottom: 10px; width: 50px; height: 50px; background: ${hex(LATE_FIXED)}; display: none; }
  </style></head><body>
    <header></header><div class="spacer"></div><nav></nav>${bands}
    <div id="late"></div>
    <script>
      // A "back to top" button that only shows once scrolled: a late fixed element.
      addEventListener('scroll', () => { document.getElementById('late').style.display = scrollY > 1500 ? 'block' : 'none'; });
    </script>
  </body></html>`;
}

export const APP = { headerHeight: 80, sidebarWidth: 200, bands: 30, bandHeight: 150 };
export const APP_HEADER: Rgb = [32, 32, 128];
export const APP_SIDEBAR: Rgb = [32, 128, 32];

/** An app layout: the document does not scroll, a main pane does. */
export function appPage(): string {
  const bands = Array.from({ length: APP.bands }, (_, i) => `<div style="height:${APP.bandHeight}px;background:${hex(bandColor(i))}"></div>`).join('');
  return `<!doctype html><html><head><title>App</title><style>
    html, body { margin: 0; height: 100%; overflow: hidden; }
    .layout { display: grid; grid-template-rows: ${APP.headerHeight}px 1fr; grid-template-columns: ${APP.sidebarWidth}px 1fr; height: 100%; }
    .top { grid-column: 1 / 3; background: ${hex(APP_HEADER)}; }
    .side { background: ${hex(APP_SIDEBAR)}; }
    main { overflow: auto; }
  </style></head><body><div class="layout"><div class="top"></div><div class="side"></div><main>${bands}</main></div></body></html>`;
}

export const LAZY = { count: 16, gap: 500, size: 200 };
export function lazyColor(i: number): Rgb {
  return [(i * 61 + 30) % 220, (i * 37 + 150) % 220, (i * 83 + 10) % 220];
}

/** Native lazy images and a JS (IntersectionObserver) lazy loader, served slowly. */
export function lazyPage(): string {
  const items = Array.from({ length: LAZY.count }, (_, i) => {
    const src = `/img/${hex(lazyColor(i)).slice(1)}.png?size=${LAZY.size}&delay=250`;
    const img = i % 2 === 0 ? `<img loading="lazy" src="${src}" width="${LAZY.size}" height="${LAZY.size}">` : `<img data-src="${src}" width="${LAZY.size}" height="${LAZY.size}" class="js-lazy">`;
    return `<div style="position:absolute;left:100px;top:${300 + i * LAZY.gap}px">${img}</div>`;
  }).join('');
  return `<!doctype html><html><head><title>Lazy</title><style>html,body{margin:0} img{display:block;background:#fff}</style></head>
  <body><div style="position:relative;height:${300 + LAZY.count * LAZY.gap + 400}px">${items}</div>
  <script>
    const io = new IntersectionObserver((entries) => entries.forEach((e) => {
      if (e.isIntersecting) { e.target.src = e.target.dataset.src; io.unobserve(e.target); }
    }));
    document.querySelectorAll('.js-lazy').forEach((el) => io.observe(el));
  </script></body></html>`;
}

export const WIDE = { cols: 6, rows: 4, cell: 500 };
export function wideColor(r: number, c: number): Rgb {
  return [(r * 60 + c * 25 + 20) % 250, (c * 40 + 60) % 250, (r * 45 + 120) % 250];
}

/** Wider than the viewport: horizontal overflow must be captured too. */
export function widePage(): string {
  const cells = [];
  for (let r = 0; r < WIDE.rows; r++) {
    for (let c = 0; c < WIDE.cols; c++) cells.push(`<div style="position:absolute;left:${c * WIDE.cell}px;top:${r * WIDE.cell}px;width:${WIDE.cell}px;height:${WIDE.cell}px;background:${hex(wideColor(r, c))}"></div>`);
  }
  return `<!doctype html><html><head><title>Wide</title><style>html,body{margin:0}</style></head>
  <body><div style="position:relative;width:${WIDE.cols * WIDE.cell}px;height:${WIDE.rows * WIDE.cell}px">${cells.join('')}</div></body></html>`;
}

/** A page of the website that embeds the extension's frame page and talks to it. */
export function sitePage(frameUrl: string, otherOriginChild?: string): string {
  return `<!doctype html><html><head><title>Site</title></head><body>
  <iframe id="ext" src="${frameUrl}" style="display:none"></iframe>
  ${otherOriginChild ? `<iframe id="other" src="${otherOriginChild}"></iframe>` : ''}
  <script>
    window.replies = [];
    addEventListener('message', (e) => { if (e.data && e.data.source === 'fps-extension') window.replies.push(e.data); });
    window.send = (msg) => document.getElementById('ext').contentWindow.postMessage(msg, new URL(${JSON.stringify(frameUrl)}).origin);
    window.frameLoaded = new Promise((r) => document.getElementById('ext').addEventListener('load', r));
  </script></body></html>`;
}

/** A frame from another origin, inside a site page, that tries to log the user in. */
export function attackerFrame(extensionOrigin: string): string {
  return `<!doctype html><html><body><script>
    window.attack = (payload) => parent.frames[0].postMessage({ source: 'fps-site', type: 'login', id: 'evil', payload }, ${JSON.stringify(extensionOrigin)});
  </script></body></html>`;
}

/** A page whose content scrolls inside an iframe (below a header of the top page). */
export function frameAppPage(frameSrc: string): string {
  return `<!doctype html><html><head><title>Framed</title><style>
    html, body { margin: 0; height: 100%; overflow: hidden; }
    .top { height: ${APP.headerHeight}px; background: ${hex(APP_HEADER)}; }
    iframe { position: absolute; top: ${APP.headerHeight}px; left: 0; width: 100%; height: calc(100% - ${APP.headerHeight}px); border: 0; }
  </style></head><body><div class="top"></div><iframe src="${frameSrc}"></iframe></body></html>`;
}

export function frameContentPage(): string {
  const bands = Array.from({ length: APP.bands }, (_, i) => `<div style="height:${APP.bandHeight}px;background:${hex(bandColor(i))}"></div>`).join('');
  return `<!doctype html><html><head><title>Frame content</title><style>html,body{margin:0}</style></head><body>${bands}</body></html>`;
}

/**
 * Marker page for exact stitching: a 1 px horizontal rail at the top of every `period` CSS px
 * (colours cycling, so a shifted or repeated row shows), and 1 px vertical rails every
 * `colPeriod` px on top of them. Periods are chosen so that period × DPR is a whole number of
 * device pixels at every scale tested (1.1, 1.25, 1.5, 2): rail k must start at device row
 * k × period × DPR exactly, whatever frame boundary it crosses.
 */
export const RAILS = { period: 20, count: 500, colPeriod: 100 };
export const RAIL_COLORS: Rgb[] = [[200, 30, 30], [30, 150, 30], [30, 30, 200], [180, 120, 0], [120, 0, 160]];
export const VRAIL: Rgb = [0, 0, 0];

export function railsPage(): string {
  const rows = Array.from({ length: RAILS.count }, (_, k) => `<div class="r" style="border-top-color:${hex(RAIL_COLORS[k % RAIL_COLORS.length])}"></div>`).join('');
  return `<!doctype html><html><head><title>Rails</title><style>
    html, body { margin: 0; background: #fff; }
    .r { height: ${RAILS.period}px; box-sizing: border-box; border-top: 1px solid; }
    .v { position: absolute; top: 0; width: 1px; height: ${RAILS.period * RAILS.count}px; background: ${hex(VRAIL)}; }
  </style></head><body><div id="v"></div>${rows}<script>
    // Vertical rails across the whole width, whatever the window size and zoom.
    const v = document.getElementById('v');
    const draw = () => {
      v.replaceChildren();
      for (let x = ${RAILS.colPeriod}; x < document.documentElement.clientWidth; x += ${RAILS.colPeriod}) {
        const d = document.createElement('div'); d.className = 'v'; d.style.left = x + 'px'; v.appendChild(d);
      }
    };
    draw();
    addEventListener('resize', draw);
  </script></body></html>`;
}

/**
 * A section taller than the viewport with a `background-attachment: fixed` image: one square of
 * FIXED_BG colour at the top left of the viewport. Captured as if in one tall viewport, the
 * square appears once, at the top of the page.
 */
export const FIXED_BG = { size: 200, sectionHeight: 5000, color: [230, 90, 20] as Rgb };

export function fixedBackgroundPage(): string {
  return `<!doctype html><html><head><title>Fixed background</title><style>
    html, body { margin: 0; background: #fff; }
    section { height: ${FIXED_BG.sectionHeight}px; background: #eef url(/img/${hex(FIXED_BG.color).slice(1)}.png?size=${FIXED_BG.size}) no-repeat fixed 0 0; }
    footer { height: 300px; background: #ddd; }
  </style></head><body><section></section><footer></footer></body></html>`;
}

/**
 * For the element picker: under a fixed header, a section taller than the viewport (12 bands, one
 * holding a small box), then an inner scroll pane whose content is taller than its box.
 */
export const PICK = {
  left: 100, width: 400, top: 100, bands: 12, bandHeight: 100,
  inner: { band: 3, x: 150, y: 25, width: 100, height: 50, color: [240, 200, 10] as Rgb },
  pane: { top: 1400, height: 300, padLeft: 20, bands: 10, firstBand: 20 },
};

export function pickPage(): string {
  const bands = Array.from({ length: PICK.bands }, (_, i) =>
    `<div class="b" style="background:${hex(bandColor(i))}">${i === PICK.inner.band ? '<div id="inner"></div>' : ''}</div>`).join('');
  const pane = Array.from({ length: PICK.pane.bands }, (_, i) => `<div class="b" style="background:${hex(bandColor(PICK.pane.firstBand + i))}"></div>`).join('');
  const { inner } = PICK;
  return `<!doctype html><html><head><title>Pick</title><style>
    html, body { margin: 0; background: #fff; }
    header { position: fixed; top: 0; left: 0; right: 0; height: ${BANDS.headerHeight}px; background: ${hex(HEADER)}; z-index: 10; }
    #tall { position: absolute; left: ${PICK.left}px; top: ${PICK.top}px; width: ${PICK.width}px; }
    .b { position: relative; height: ${PICK.bandHeight}px; }
    #inner { position: absolute; left: ${inner.x}px; top: ${inner.y}px; width: ${inner.width}px; height: ${inner.height}px; background: ${hex(inner.color)}; }
    #pane { position: absolute; left: ${PICK.left}px; top: ${PICK.pane.top}px; width: ${PICK.width}px; height: ${PICK.pane.height}px;
      box-sizing: border-box; padding-left: ${PICK.pane.padLeft}px; overflow: auto; background: #fff; }
    .spacer { height: ${PICK.pane.top + PICK.pane.height + 600}px; }
  </style></head><body><header></header><section id="tall">${bands}</section><div id="pane">${pane}</div><div class="spacer"></div></body></html>`;
}
