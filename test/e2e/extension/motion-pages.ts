/**
 * Test pages for capture fidelity: things that move while the capture scrolls, and fixed or
 * sticky pseudo-elements. They are self-contained HTML (the GIF is a data URL, the video is
 * recorded in the page), loaded with page.setContent over any served page.
 */
import type { Rgb } from './pages';

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Every moving thing is a MOVER.width × MOVER.height box straddling the first seam (frame 0 | frame 1). */
export const MOVER = { width: 40, height: 80, lane: 150, travel: 96, pageHeight: 3000 };

export interface MoverSpec {
  id: string;
  /** A box of one colour that moves, or content that changes colour in place (video, GIF, canvas). */
  colors: Rgb[];
}

export const MOVERS: MoverSpec[] = [
  { id: 'css', colors: [[200, 30, 30]] },
  { id: 'transition', colors: [[30, 160, 30]] },
  { id: 'waapi', colors: [[30, 30, 200]] },
  { id: 'ticker', colors: [[200, 120, 0]] },
  { id: 'raf', colors: [[120, 0, 160]] },
  { id: 'video', colors: [[0, 200, 200], [200, 200, 0]] },
  { id: 'gif', colors: [[230, 0, 130], [0, 100, 230]] },
  { id: 'canvas', colors: [[110, 70, 20], [20, 110, 70]] },
];

/** A GIF89a of solid frames, looping, `delayCs` hundredths of a second each (uncompressed LZW). */
function animatedGif(width: number, height: number, colors: Rgb[], delayCs: number): Buffer {
  const out: number[] = [];
  const u16 = (v: number) => out.push(v & 255, v >> 8);
  out.push(...Buffer.from('GIF89a'));
  u16(width);
  u16(height);
  out.push(0xf1, 0, 0); // global table of 4 colours
  for (let i = 0; i < 4; i++) out.push(...(colors[i] ?? [0, 0, 0]));
  out.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0); // loop forever
  colors.forEach((_, index) => {
    out.push(0x21, 0xf9, 4, 0x04);
    u16(delayCs);
    out.push(0, 0);
    out.push(0x2c);
    u16(0);
    u16(0);
    u16(width);
    u16(height);
    out.push(0, 2); // no local table; LZW minimum code size 2
    // 3-bit codes: a clear code before every two pixels keeps the code size from growing.
    const bytes: number[] = [];
    let acc = 0;
    let bits = 0;
    const code = (c: number) => {
      acc |= c << bits;
      bits += 3;
      while (bits >= 8) {
        bytes.push(acc & 255);
        acc >>= 8;
        bits -= 8;
      }
    };
    for (let p = 0; p < width * height; p++) {
      if (p % 2 === 0) code(4);
      code(index);
    }
    code(5);
    if (bits > 0) bytes.push(acc & 255);
    for (let i = 0; i < bytes.length; i += 255) {
      const chunk = bytes.slice(i, i + 255);
      out.push(chunk.length, ...chunk);
    }
    out.push(0);
  });
  out.push(0x3b);
  return Buffer.from(out);
}

/**
 * One lane per kind of motion: CSS animation, transition, Web Animation, setInterval ticker,
 * requestAnimationFrame carousel (all moving `left` in whole px), autoplaying looping video,
 * animated GIF, canvas redrawn by requestAnimationFrame. `window.motionState()` reports whether
 * everything is still moving.
 */
export function motionPage(): string {
  const [css, transition, waapi, ticker, raf, video, gif, canvas] = MOVERS;
  const gifUrl = `data:image/gif;base64,${animatedGif(MOVER.width, MOVER.height, gif.colors, 10).toString('base64')}`;
  const lanes = MOVERS.map((m, i) => `--x${m.id}: ${10 + i * MOVER.lane}px;`).join(' ');
  const W = MOVER.width;
  const H = MOVER.height;
  const T = MOVER.travel;
  return `<!doctype html><html><head><title>Motion</title><style>
    html, body { margin: 0; background: #fff; }
    body { height: ${MOVER.pageHeight}px; position: relative; ${lanes} }
    .m { position: absolute; top: var(--top, 760px); width: ${W}px; height: ${H}px; display: block; }
    #css { left: var(--xcss); background: ${hex(css.colors[0])}; animation: slide 1.2s steps(12) infinite alternate; }
    @keyframes slide { from { left: var(--xcss); } to { left: calc(var(--xcss) + ${T}px); } }
    #transition { left: var(--xtransition); background: ${hex(transition.colors[0])}; transition: left 60s steps(60); }
    #transition.go { left: calc(var(--xtransition) + ${T}px); }
    #waapi { left: var(--xwaapi); background: ${hex(waapi.colors[0])}; }
    #ticker { left: var(--xticker); background: ${hex(ticker.colors[0])}; }
    #raf { left: var(--xraf); background: ${hex(raf.colors[0])}; }
    #video { left: var(--xvideo); object-fit: fill; }
    #gif { left: var(--xgif); }
    #canvas { left: var(--xcanvas); }
  </style></head><body>
    <div class="m" id="css"></div><div class="m" id="transition"></div><div class="m" id="waapi"></div>
    <div class="m" id="ticker"></div><div class="m" id="raf"></div>
    <video class="m" id="video" muted loop playsinline></video>
    <img class="m" id="gif" src="${gifUrl}" alt="">
    <canvas class="m" id="canvas" width="${W}" height="${H}"></canvas>
    <script>
      // Straddle the first seam: frame 1 starts one viewport down.
      document.body.style.setProperty('--top', (innerHeight - ${H / 2}) + 'px');
      const $ = (id) => document.getElementById(id);
      const x0 = (id) => ${10} + ${MOVER.lane} * ${JSON.stringify(MOVERS.map((m) => m.id))}.indexOf(id);
      requestAnimationFrame(() => requestAnimationFrame(() => $('transition').classList.add('go')));
      const waapi = $('waapi').animate([{ left: x0('waapi') + 'px' }, { left: (x0('waapi') + ${T}) + 'px' }], { duration: 1200, iterations: Infinity, direction: 'alternate', easing: 'steps(12)' });
      window.ticks = 0;
      setInterval(() => { window.ticks++; $('ticker').style.left = (x0('ticker') + (window.ticks * 8) % ${T}) + 'px'; }, 50);
      window.frames = 0;
      const canvasCtx = $('canvas').getContext('2d');
      const loop = (t) => {
        window.frames++;
        $('raf').style.left = (x0('raf') + Math.floor(t / 40) * 8 % ${T}) + 'px';
        canvasCtx.fillStyle = Math.floor(t / 100) % 2 ? '${hex(canvas.colors[1])}' : '${hex(canvas.colors[0])}';
        canvasCtx.fillRect(0, 0, ${W}, ${H});
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
      // A looping video of solid frames, recorded here (VP8 WebM: no proprietary codec needed).
      window.videoReady = (async () => {
        const c = document.createElement('canvas');
        c.width = ${W}; c.height = ${H};
        const g = c.getContext('2d');
        const colors = ${JSON.stringify(video.colors.map(hex))};
        let k = 0;
        const paint = () => { g.fillStyle = colors[k++ % 2]; g.fillRect(0, 0, ${W}, ${H}); };
        paint();
        const rec = new MediaRecorder(c.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
        const chunks = [];
        rec.ondataavailable = (e) => chunks.push(e.data);
        const stopped = new Promise((r) => (rec.onstop = r));
        rec.start();
        const timer = setInterval(paint, 120);
        await new Promise((r) => setTimeout(r, 1000));
        clearInterval(timer);
        rec.stop();
        await stopped;
        const v = $('video');
        v.src = URL.createObjectURL(new Blob(chunks, { type: 'video/webm' }));
        // A recorded WebM has no duration in its header: loop by hand too.
        v.addEventListener('ended', () => { v.currentTime = 0; v.play(); });
        await v.play();
        await new Promise((r) => setTimeout(r, 300));
        return !v.paused;
      })();
      window.motionState = () => ({
        animations: document.getAnimations().map((a) => ({ state: a.playState, time: Number(a.currentTime) })),
        ticks: window.ticks,
        frames: window.frames,
        videoPaused: $('video').paused,
        videoTime: $('video').currentTime,
        waapi: waapi.playState,
      });
    </script>
  </body></html>`;
}

/** A fixed pseudo-element header (::before) and a fixed full-viewport pseudo-element background (::after). */
export const PSEUDO = { headerHeight: 60, header: [255, 0, 255] as Rgb, bandTop: 150, bandHeight: 100, band: [230, 90, 20] as Rgb, pageHeight: 4000 };

export function pseudoPage(): string {
  const P = PSEUDO;
  return `<!doctype html><html><head><title>Pseudo</title><style>
    html { background: #fff; }
    body { margin: 0; height: ${P.pageHeight}px; position: relative; }
    /* A docs theme's page background: a fixed, full-viewport ::after under the content. */
    body::after { content: ''; position: fixed; top: 0; left: 0; width: 100%; height: 100%; z-index: -1;
      background: linear-gradient(${hex(P.band)}, ${hex(P.band)}) 0 ${P.bandTop}px / 100% ${P.bandHeight}px repeat-x; }
    /* A header drawn by a fixed ::before above the content. */
    main::before { content: ''; position: fixed; top: 0; left: 0; right: 0; height: ${P.headerHeight}px; background: ${hex(P.header)}; z-index: 10; }
  </style></head><body><main></main></body></html>`;
}
