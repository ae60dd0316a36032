/**
 * bench:web — how much JavaScript the home page loads first, against a floor.
 *
 * 1. Builds the site (`vite build --config web/vite.config.ts --manifest`, output dist/web).
 * 2. From the Vite manifest, adds up the gzip size of the JavaScript the home page needs before it
 *    can show anything: the entry chunk and its static imports, plus the lazy route chunks of the
 *    root layout and the home page and their static imports (each file counted once).
 * 3. Builds a bare React + React Router app (one route, one heading) with the same Vite config in a
 *    temporary folder, measures it the same way, and prints both and their ratio.
 *
 *   npm run bench:web            (prints figures; not a timed test)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const viteBin = join(root, 'node_modules/vite/bin/vite.js');
const config = join(root, 'web/vite.config.ts');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function viteBuild(args: string[]): void {
  const r = spawnSync(process.execPath, [viteBin, 'build', '--config', config, '--manifest', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`vite build failed (${args.join(' ') || 'site'})`);
}

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk keys `keys` need at load time: themselves and their static imports, recursively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

interface Measured {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

function measure(outDir: string, manifest: Manifest, keys: Set<string>): Measured {
  const files = [...keys]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const buf = readFileSync(join(outDir, file));
      return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const entryKey = (m: Manifest) => {
  const key = Object.keys(m).find((k) => m[k].isEntry);
  if (!key) throw new Error('manifest has no entry');
  return key;
};

// ── 1. the site ───────────────────────────────────────────────────────────────
const siteOut = join(root, 'dist/web');
console.log('Building the site (dist/web)…');
viteBuild([]);
const site = readManifest(siteOut);
const routeChunks = ['src/app/root-layout.tsx', 'src/features/marketing/routes/home.tsx'];
for (const k of routeChunks) if (!site[k]) throw new Error(`${k} is not a chunk of its own: is it still a lazy route?`);
const home = measure(siteOut, site, staticClosure(site, [entryKey(site), ...routeChunks]));

// ── 2. the floor: bare React 19 + React Router 7, same config ─────────────────
const cacheDir = join(root, 'node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const floorDir = mkdtempSync(join(cacheDir, 'bench-web-floor-'));
let floor: Measured;
try {
  writeFileSync(
    join(floorDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>floor</title></head><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(floorDir, 'main.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '/', Component: () => <h1>Hello</h1> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`,
  );
  const floorOut = join(floorDir, 'dist');
  console.log('Building the floor app (React + React Router)…');
  viteBuild([floorDir, '--outDir', floorOut, '--emptyOutDir']);
  const fm = readManifest(floorOut);
  floor = measure(floorOut, fm, staticClosure(fm, [entryKey(fm)]));
} finally {
  rmSync(floorDir, { recursive: true, force: true });
}

// ── 3. report ─────────────────────────────────────────────────────────────────
console.log('\nHome page first-load JavaScript (entry + static imports + root layout and home route chunks):');
for (const f of home.files) console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`);
console.log(`  ${'total'.padEnd(48)} ${kb(home.raw).padStart(10)} raw  ${kb(home.gzip).padStart(9)} gzip`);
console.log('\nFloor (bare React 19 + React Router 7, same Vite config):');
for (const f of floor.files) console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`);
console.log(`  ${'total'.padEnd(48)} ${kb(floor.raw).padStart(10)} raw  ${kb(floor.gzip).padStart(9)} gzip`);
const ratio = home.gzip / floor.gzip;
console.log(`\nhome first-load JS gzip: ${kb(home.gzip)}`);
console.log(`floor JS gzip:           ${kb(floor.gzip)}`);
console.log(`ratio:                   ${ratio.toFixed(2)}× (+${kb(home.gzip - floor.gzip)} over the floor)`);
if (existsSync(siteOut)) console.log(`\n(site build kept in ${relative(root, siteOut)})`);
