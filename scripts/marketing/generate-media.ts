/**
 * Makes the marketing site's media files in web/public/media: the two demo videos (WebM recorded
 * from canvas frames in headless Chromium), their posters, the review avatars (1x and 2x PNG) and
 * the press logos and leader portraits (SVG). Everything is drawn here, so nothing is downloaded.
 *
 *   npx tsx scripts/marketing/generate-media.ts
 *
 * Not imported by the app; the files it writes are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { pressOutlets } from '../../web/src/features/marketing/content/press-outlets';
import { reviews } from '../../web/src/features/marketing/content/reviews';

const OUT = join(import.meta.dirname, '../../web/public/media');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// ── WebM: MediaRecorder leaves out the duration, so players cannot show a timeline. ──────────────
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;

function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i];
  return { value, length };
}

/** Adds Segment > Info > Duration (ms, float64) to a MediaRecorder WebM whose Info lacks it. */
export function addWebmDuration(webm: Buffer, durationMs: number): Buffer {
  let at = 0;
  const header = readVint(webm, at, true);
  const headerSize = readVint(webm, at + header.length, false);
  at += header.length + headerSize.length + headerSize.value;
  const segment = readVint(webm, at, true);
  if (segment.value !== SEGMENT) throw new Error('no Segment');
  at += segment.length + readVint(webm, at + segment.length, false).length;
  // Children of the Segment until Info.
  for (;;) {
    const id = readVint(webm, at, true);
    const size = readVint(webm, at + id.length, false);
    if (id.value === INFO) {
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(0x4489, 0);
      duration[2] = 0x88; // size 8
      duration.writeDoubleBE(durationMs, 3);
      const newSize = size.value + duration.length;
      if (newSize >= 2 ** (7 * size.length) - 1) throw new Error('Info size does not fit');
      const sizeBytes = Buffer.alloc(size.length);
      let v = newSize;
      for (let i = size.length - 1; i >= 0; i--) {
        sizeBytes[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      sizeBytes[0] |= 0x80 >> (size.length - 1);
      const infoEnd = at + id.length + size.length + size.value;
      return Buffer.concat([webm.subarray(0, at + id.length), sizeBytes, webm.subarray(at + id.length + size.length, infoEnd), duration, webm.subarray(infoEnd)]);
    }
    at += id.length + size.length + size.value;
  }
}

// ── the two demo animations, drawn on a canvas in the page ─────────────────────────────────────────
type Scene = 'capture' | 'editor';

/** Runs in the browser: records `seconds` of the scene and returns the WebM and a poster, base64. */
async function recordInPage({ scene, seconds, posterAt, width, height, bitrate }: { scene: Scene; seconds: number; posterAt: number; width: number; height: number; bitrate: number }) {
  const W = width;
  const H = height;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
  const BLUE = '#1d4ed8';
  const URL_TEXT = 'https://www.example.com/guides/lisbon';

  const clamp = (x: number, a = 0, b = 1) => Math.min(b, Math.max(a, x));
  const ease = (x: number) => {
    const t = clamp(x);
    return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  };
  const span = (t: number, a: number, b: number) => ease((t - a) / (b - a));
  const rr = (x: number, y: number, w: number, h: number, r: number, fill?: string, stroke?: string, lw = 1) => {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = lw;
      ctx.stroke();
    }
  };
  const text = (s: string, x: number, y: number, size: number, color: string, weight = 400, align: CanvasTextAlign = 'left') => {
    ctx.font = `${weight} ${size}px ${FONT}`;
    ctx.fillStyle = color;
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    ctx.fillText(s, x, y);
  };

  /** A long travel-guide page, drawn at (x, y) with the given width, scrolled by `scroll`, clipped to h. */
  const PAGE_H = 1900;
  const drawPage = (x: number, y: number, w: number, h: number, scroll: number, scale = 1) => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.translate(x, y - scroll * scale);
    ctx.scale(scale, scale);
    const pw = w / scale;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, pw, PAGE_H);
    // site header
    ctx.fillStyle = '#0f766e';
    ctx.fillRect(0, 0, pw, 54);
    text('Wanderlines', 28, 27, 20, '#ffffff', 700);
    ['Guides', 'Maps', 'Stories'].forEach((s, i) => text(s, pw - 250 + i * 80, 27, 14, '#ccfbf1', 500));
    // hero
    const g = ctx.createLinearGradient(0, 54, pw, 330);
    g.addColorStop(0, '#fde68a');
    g.addColorStop(1, '#fb923c');
    ctx.fillStyle = g;
    ctx.fillRect(0, 54, pw, 280);
    ctx.fillStyle = '#f97316';
    ctx.beginPath();
    ctx.arc(pw - 160, 150, 54, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#9a3412';
    ctx.beginPath();
    ctx.moveTo(0, 334);
    ctx.lineTo(pw * 0.3, 230);
    ctx.lineTo(pw * 0.55, 300);
    ctx.lineTo(pw * 0.8, 210);
    ctx.lineTo(pw, 280);
    ctx.lineTo(pw, 334);
    ctx.fill();
    text('48 hours in Lisbon', 40, 130, 34, '#7c2d12', 800);
    text('Trams, tiles and the best pastel de nata', 40, 172, 16, '#7c2d12', 500);
    // body: sections of headings, lines and pictures
    let yy = 370;
    const palette = ['#93c5fd', '#a7f3d0', '#fca5a5', '#c4b5fd', '#fcd34d'];
    for (let s = 0; s < 5; s++) {
      text(['Day one: Alfama', 'Where to eat', 'Getting around', 'Day two: Belém', 'Practical tips'][s], 40, yy, 22, '#111827', 700);
      yy += 30;
      for (let l = 0; l < 5; l++) {
        ctx.fillStyle = '#d1d5db';
        ctx.fillRect(40, yy + l * 20, (pw - 80) * (l === 4 ? 0.55 : 0.92 - ((l * 7 + s * 3) % 10) / 100), 9);
      }
      if (s === 1) {
        text('Booking: hello@wanderlines.example', 40, yy + 112, 14, '#1f2937', 600);
      }
      yy += 130;
      ctx.fillStyle = palette[s];
      rr(40, yy, pw - 80, 120, 10, palette[s]);
      ctx.fillStyle = 'rgba(255,255,255,0.55)';
      ctx.beginPath();
      ctx.arc(100 + s * 60, yy + 60, 30, 0, Math.PI * 2);
      ctx.fill();
      yy += 150;
    }
    ctx.fillStyle = '#111827';
    ctx.fillRect(0, PAGE_H - 80, pw, 80);
    text('© Wanderlines travel guides', 40, PAGE_H - 40, 13, '#9ca3af');
    ctx.restore();
  };

  const drawBrowser = (scroll: number, capturing: number, clickAt: number, t: number) => {
    ctx.fillStyle = '#dbe3ee';
    ctx.fillRect(0, 0, W, H);
    // tab strip and toolbar
    ctx.fillStyle = '#e5e7eb';
    ctx.fillRect(0, 0, W, 38);
    rr(12, 8, 240, 30, 8, '#ffffff');
    text('48 hours in Lisbon – Wanderlines', 26, 23, 12, '#374151', 500);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 38, W, 44);
    rr(70, 45, W - 190, 30, 15, '#f3f4f6');
    text(URL_TEXT, 92, 60, 13, '#374151');
    ['#ef4444', '#f59e0b', '#10b981'].forEach((c) => void c);
    // toolbar icons
    text('‹  ›', 20, 60, 18, '#6b7280', 500);
    const ix = W - 70;
    const iy = 47;
    rr(ix, iy, 28, 26, 6, capturing > 0 ? '#1e40af' : BLUE);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(ix + 8, iy + 5, 12, 16);
    ctx.fillStyle = BLUE;
    ctx.fillRect(ix + 10, iy + 9, 8, 2);
    ctx.fillRect(ix + 10, iy + 13, 8, 2);
    text('⋮', W - 24, 60, 18, '#6b7280', 700);
    // viewport
    const vy = 82;
    const vh = H - vy;
    drawPage(0, vy, W, vh, scroll);
    // capture indicator
    if (capturing > 0) {
      ctx.strokeStyle = `rgba(29,78,216,${0.35 + 0.35 * Math.abs(Math.sin(t * 6))})`;
      ctx.lineWidth = 6;
      ctx.strokeRect(3, vy + 3, W - 6, vh - 6);
      const pct = Math.round(capturing * 100);
      rr(W / 2 - 130, H - 64, 260, 44, 22, 'rgba(17,24,39,0.88)');
      text(`Capturing full page… ${pct}%`, W / 2 - 108, H - 42, 15, '#ffffff', 600);
      rr(W / 2 + 68, H - 47, 44, 8, 4, '#374151');
      rr(W / 2 + 68, H - 47, 44 * capturing, 8, 4, '#60a5fa');
    }
    if (clickAt >= 0 && t >= clickAt && t - clickAt < 0.5) {
      const k = (t - clickAt) / 0.5;
      ctx.strokeStyle = `rgba(29,78,216,${1 - k})`;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(ix + 14, iy + 13, 10 + 26 * k, 0, Math.PI * 2);
      ctx.stroke();
    }
  };

  const drawCursor = (x: number, y: number) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(0, 22);
    ctx.lineTo(6, 17);
    ctx.lineTo(10, 26);
    ctx.lineTo(14, 24);
    ctx.lineTo(10, 15);
    ctx.lineTo(17, 15);
    ctx.closePath();
    ctx.fillStyle = '#111827';
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.restore();
  };

  const drawResult = (t: number, downloadAt: number) => {
    ctx.fillStyle = '#eef2f7';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, W, 52);
    text('Full Page Shot', 24, 26, 17, '#111827', 700);
    text('Your capture', 190, 26, 14, '#6b7280');
    // the stitched page, scaled to fit
    const scale = (H - 92) / PAGE_H;
    const pw = W * scale;
    ctx.shadowColor = 'rgba(0,0,0,0.18)';
    ctx.shadowBlur = 18;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(70, 72, pw, PAGE_H * scale);
    ctx.shadowBlur = 0;
    drawPage(70, 72, pw, PAGE_H * scale, 0, scale);
    // side panel
    const px = 70 + pw + 60;
    text('Full page captured', px, 110, 26, '#111827', 800);
    text('1 image · 1600 × 3800 px · stored only in this browser', px, 144, 14, '#4b5563');
    const buttons = ['Download PNG', 'Download JPG', 'Download PDF'];
    buttons.forEach((b, i) => {
      const active = i === 0 && downloadAt >= 0 && t >= downloadAt && t < downloadAt + 0.25;
      rr(px, 180 + i * 56, 220, 42, 8, i === 0 ? (active ? '#1e3a8a' : BLUE) : '#ffffff', i === 0 ? undefined : '#cbd5e1');
      text(b, px + 110, 201 + i * 56, 15, i === 0 ? '#ffffff' : '#1f2937', 600, 'center');
    });
    text('Premium: crop, annotate, stamp URL and date', px, 370, 13, '#6b7280');
    if (downloadAt >= 0 && t > downloadAt + 0.3) {
      const k = clamp((t - downloadAt - 0.3) / 0.3);
      ctx.globalAlpha = k;
      rr(W / 2 - 150, H - 70, 300, 44, 10, '#065f46');
      text('✓  Saved lisbon-guide.png', W / 2, H - 48, 15, '#ffffff', 600, 'center');
      ctx.globalAlpha = 1;
    }
  };

  const drawCaptureScene = (t: number) => {
    const steps = [0, 360, 720, 1080, 1440];
    let scroll = 0;
    let capturing = 0;
    if (t >= 1.6 && t < 5.6) {
      const k = (t - 1.6) / 4; // 0..1 over the capture
      const seg = Math.min(steps.length - 2, Math.floor(k * (steps.length - 1)));
      const local = k * (steps.length - 1) - seg;
      scroll = steps[seg] + (steps[seg + 1] - steps[seg]) * span(local, 0.55, 1);
      capturing = Math.min(1, k + 0.02);
    } else if (t >= 5.6) {
      scroll = 0;
    }
    if (t < 5.9) {
      drawBrowser(scroll, t >= 1.6 && t < 5.6 ? capturing : 0, 1.4, t);
      // cursor to the extension icon, click
      const cx = 420 + (W - 56 - 420) * span(t, 0.2, 1.3);
      const cy = 300 + (60 - 300) * span(t, 0.2, 1.3);
      if (t < 1.8) drawCursor(cx, cy);
    }
    if (t >= 5.6) {
      ctx.globalAlpha = clamp((t - 5.6) / 0.35);
      drawResult(t, 7.0);
      const bx = 70 + W * ((H - 92) / PAGE_H) + 60 + 150;
      const cx = W - 100 + (bx - (W - 100)) * span(t, 6.2, 6.9);
      const cy = H - 40 + (205 - (H - 40)) * span(t, 6.2, 6.9);
      drawCursor(cx, cy);
      ctx.globalAlpha = 1;
    }
  };

  const tools = ['Crop', 'Blur', 'Text', 'Highlight', 'Stamp'];
  const drawEditorScene = (t: number) => {
    ctx.fillStyle = '#e2e8f0';
    ctx.fillRect(0, 0, W, H);
    // toolbar
    ctx.fillStyle = '#0f172a';
    ctx.fillRect(0, 0, W, 56);
    text('Editor', 20, 28, 17, '#ffffff', 700);
    const active = t < 0.4 ? -1 : t < 2.6 ? 0 : t < 4.6 ? 1 : t < 6.8 ? 2 : t < 8.2 ? 3 : 4;
    tools.forEach((name, i) => {
      const x = 110 + i * 96;
      rr(x, 12, 88, 32, 7, i === active ? BLUE : '#1e293b');
      text(name, x + 44, 28, 13, '#ffffff', 600, 'center');
    });
    rr(W - 132, 12, 112, 32, 7, '#16a34a');
    text('Download', W - 76, 28, 13, '#ffffff', 700, 'center');
    // the capture on the canvas
    const ox = 60;
    const oy = 76;
    const ow = W - 120;
    const oh = H - 96;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(ox, oy, ow, oh);
    const SCROLL = 560;
    drawPage(ox, oy, ow, oh, SCROLL, 0.92);
    const mapY = (py: number) => oy + (py - SCROLL) * 0.92;
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, ow, oh);
    ctx.clip();
    // 1. crop: darken outside a growing rectangle
    if (t >= 0.5) {
      const k = span(t, 0.6, 2.2);
      const cx = ox + 30;
      const cy = oy + 18;
      const cw = (ow - 60) * (0.35 + 0.65 * k);
      const ch = (oh - 36) * (0.35 + 0.65 * k);
      ctx.fillStyle = 'rgba(15,23,42,0.45)';
      ctx.fillRect(ox, oy, ow, cy - oy);
      ctx.fillRect(ox, cy + ch, ow, oy + oh - cy - ch);
      ctx.fillRect(ox, cy, cx - ox, ch);
      ctx.fillRect(cx + cw, cy, ox + ow - cx - cw, ch);
      ctx.setLineDash([8, 6]);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.strokeRect(cx, cy, cw, ch);
      ctx.setLineDash([]);
    }
    // 2. blur: pixelate the booking e-mail line
    if (t >= 2.8) {
      const k = span(t, 2.8, 3.8);
      const by = mapY(822) - 12;
      const bw = 300 * k;
      for (let x = 0; x < bw; x += 12) {
        for (let y = 0; y < 24; y += 12) {
          const shade = 150 + (((x * 7 + y * 13) >> 2) % 70);
          ctx.fillStyle = `rgb(${shade},${shade},${shade + 10})`;
          ctx.fillRect(ox + 32 + x, by + y, 12, 12);
        }
      }
    }
    // 3. text with an arrow, typed
    if (t >= 4.8) {
      const note = 'Check the opening hours!';
      const n = Math.floor(note.length * clamp((t - 4.9) / 1.4));
      const tx = ox + ow - 330;
      const ty = mapY(735);
      rr(tx - 10, ty - 20, 300, 40, 8, 'rgba(255,255,255,0.95)', '#dc2626', 2);
      text(note.slice(0, n), tx + 4, ty, 18, '#dc2626', 700);
      ctx.strokeStyle = '#dc2626';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(tx - 10, ty + 6);
      ctx.lineTo(tx - 60, ty + 50);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(tx - 60, ty + 50);
      ctx.lineTo(tx - 58, ty + 36);
      ctx.lineTo(tx - 47, ty + 44);
      ctx.closePath();
      ctx.fillStyle = '#dc2626';
      ctx.fill();
    }
    // 4. highlight a heading
    if (t >= 7.0) {
      const k = span(t, 7.0, 7.8);
      ctx.fillStyle = 'rgba(250,204,21,0.45)';
      ctx.fillRect(ox + 30, mapY(680) - 16, 200 * k, 32);
    }
    // 5. URL and date stamp
    if (t >= 8.4) {
      ctx.globalAlpha = clamp((t - 8.4) / 0.4);
      rr(ox + 12, oy + oh - 44, ow - 24, 32, 6, 'rgba(17,24,39,0.85)');
      text(`${URL_TEXT}   ·   2025-03-14 10:42 UTC`, ox + 26, oy + oh - 28, 13, '#ffffff', 500);
      ctx.globalAlpha = 1;
    }
    ctx.restore();
  };

  const draw = (t: number) => (scene === 'capture' ? drawCaptureScene(t) : drawEditorScene(t));

  // poster first
  draw(posterAt);
  const poster = canvas.toDataURL('image/jpeg', 0.82).split(',')[1];

  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: bitrate });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  draw(0);
  recorder.start();
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 1000;
      draw(Math.min(t, seconds));
      if (t < seconds) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await done;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { webm: btoa(binary), poster, durationMs: (performance.now() - start) };
}

async function makeVideos() {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--headless=new', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    // tsx compiles with keepNames, which wraps functions in a `__name` helper the page lacks.
    await page.evaluate('globalThis.__name = (f) => f');
    const jobs = [
      { name: 'demo-capture', scene: 'capture' as const, seconds: 9, posterAt: 6.6 },
      { name: 'demo-editor', scene: 'editor' as const, seconds: 10, posterAt: 9.5 },
    ];
    for (const job of jobs) {
      const r = await page.evaluate(recordInPage, { ...job, width: 800, height: 450, bitrate: 450_000 });
      const webm = addWebmDuration(Buffer.from(r.webm, 'base64'), job.seconds * 1000);
      writeFileSync(join(OUT, `${job.name}.webm`), webm);
      writeFileSync(join(OUT, `${job.name}-poster.jpg`), Buffer.from(r.poster, 'base64'));
      console.log(`${job.name}.webm ${(webm.length / 1024).toFixed(0)} KB`);
    }
  } finally {
    await browser.close();
  }
}

// ── avatars (1x and 2x PNG), logos and portraits (SVG) ─────────────────────────────────────────
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function avatarSvg(initials: string, hue: number, size: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,45%)"/></linearGradient></defs>
  <circle cx="32" cy="32" r="32" fill="url(#g)"/>
  <text x="32" y="33" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="24" fill="#fff">${esc(initials)}</text>
</svg>`;
}

async function makeAvatars() {
  mkdirSync(join(OUT, 'reviews'), { recursive: true });
  for (const [i, r] of reviews.entries()) {
    const initials = r.name.split(/\s+/).map((p) => p[0]).join('').slice(0, 2).toUpperCase();
    const hue = (i * 57 + 200) % 360;
    for (const [file, size] of [[r.image, 56], [r.image2x, 112]] as const) {
      await sharp(Buffer.from(avatarSvg(initials, hue, size))).png({ compressionLevel: 9, palette: true }).toFile(join(OUT, file.replace(/^\/media\//, '')));
    }
  }
}

function makeLogos() {
  mkdirSync(join(OUT, 'press'), { recursive: true });
  // How each (made-up) publication's wordmark looks.
  const looks: Record<string, { color: string; glyph: string; serif?: boolean }> = {
    'browser-post': { color: '#1f2937', glyph: 'circle', serif: true },
    'byte-weekly': { color: '#374151', glyph: 'square' },
    'productivity-lab': { color: '#4b5563', glyph: 'triangle' },
    'webtools-review': { color: '#1f2937', glyph: 'bars' },
    'archive-journal': { color: '#374151', glyph: 'ring', serif: true },
    'startup-ledger': { color: '#1f2937', glyph: 'bars', serif: true },
    'design-notes': { color: '#4b5563', glyph: 'circle' },
    'legal-tech-monitor': { color: '#1f2937', glyph: 'square', serif: true },
  };
  for (const outlet of Object.values(pressOutlets)) {
    const o = { ...outlet, ...looks[outlet.slug] };
    const w = 40 + o.name.length * 11;
    const glyph =
      o.glyph === 'circle' ? '<circle cx="14" cy="20" r="10" fill="currentColor"/>'
      : o.glyph === 'square' ? '<rect x="4" y="10" width="20" height="20" rx="3" fill="currentColor"/>'
      : o.glyph === 'triangle' ? '<path d="M14 9 25 30H3z" fill="currentColor"/>'
      : o.glyph === 'bars' ? '<path d="M4 28h5V16H4zm8 0h5V10h-5zm8 0h5V20h-5z" fill="currentColor"/>'
      : '<path d="M4 20a10 10 0 1 0 20 0 10 10 0 1 0-20 0zm5 0a5 5 0 1 1 10 0 5 5 0 1 1-10 0z" fill="currentColor" fill-rule="evenodd"/>';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="40" viewBox="0 0 ${w} 40" role="img" aria-label="${esc(o.name)}" style="color:${o.color}">
  ${glyph}
  <text x="34" y="26" font-family="${o.serif ? 'Georgia, \'DejaVu Serif\', serif' : 'Arial, \'DejaVu Sans\', sans-serif'}" font-weight="700" font-size="17" fill="currentColor">${esc(o.name)}</text>
</svg>
`;
    writeFileSync(join(OUT, 'press', `${o.slug}.svg`), svg);
  }
}

function portraitSvg(skin: string, hair: string, shirt: string, long: boolean) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
  <rect width="160" height="160" rx="80" fill="#e0e7ff"/>
  <clipPath id="c"><circle cx="80" cy="80" r="80"/></clipPath>
  <g clip-path="url(#c)">
    ${long ? `<path d="M40 70c0-30 18-46 40-46s40 16 40 46v50H40z" fill="${hair}"/>` : ''}
    <path d="M30 160c4-32 24-48 50-48s46 16 50 48z" fill="${shirt}"/>
    <rect x="68" y="92" width="24" height="24" rx="8" fill="${skin}"/>
    <ellipse cx="80" cy="72" rx="27" ry="31" fill="${skin}"/>
    <path d="M52 66c0-22 12-34 28-34s28 12 28 34c-8-10-20-14-28-14s-20 4-28 14z" fill="${hair}"/>
    <circle cx="70" cy="74" r="3" fill="#1f2937"/><circle cx="90" cy="74" r="3" fill="#1f2937"/>
    <path d="M71 88c5 4 13 4 18 0" stroke="#1f2937" stroke-width="2.5" fill="none" stroke-linecap="round"/>
  </g>
</svg>
`;
}

function makePortraits() {
  mkdirSync(join(OUT, 'leaders'), { recursive: true });
  writeFileSync(join(OUT, 'leaders', 'maya-lindqvist.svg'), portraitSvg('#f1c7a8', '#c2853d', '#1d4ed8', true));
  writeFileSync(join(OUT, 'leaders', 'daniel-okafor.svg'), portraitSvg('#8d5a3b', '#1f1a17', '#0f766e', false));
}

mkdirSync(OUT, { recursive: true });
makeLogos();
makePortraits();
await makeAvatars();
if (!process.argv.includes('--no-video')) await makeVideos();
