/**
 * Serves the #30 test pages and the real libraries they use: scripts bundled by esbuild from
 * scroll-apps/ (once per worker), and the libraries' own CSS and browser builds from node_modules.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { feedPage, inboxPage, latePage, listPage, shellPage } from './scroll-pages';

type Hit = { type: string; body: string | Buffer } | null;

const root = path.resolve(import.meta.dirname, '../../..');
const LIBS: Record<string, [string, string]> = {
  'aos.js': ['text/javascript', 'node_modules/aos/dist/aos.js'],
  'aos.css': ['text/css', 'node_modules/aos/dist/aos.css'],
  'splide-core.css': ['text/css', 'node_modules/@splidejs/splide/dist/css/splide-core.min.css'],
};
const APPS: Record<string, string> = { 'feed.js': 'feed.ts', 'list.js': 'list.ts', 'inbox.js': 'inbox.tsx', 'shell.js': 'shell.ts' };
const PAGES: Record<string, () => string> = { 'feed.html': feedPage, 'list.html': listPage, 'inbox.html': inboxPage, 'shell.html': shellPage, 'late.html': latePage };

const bundles = new Map<string, Promise<string>>();
function bundle(entry: string): Promise<string> {
  let out = bundles.get(entry);
  if (!out) {
    out = build({
      entryPoints: [path.join(import.meta.dirname, 'scroll-apps', entry)],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    }).then((r) => r.outputFiles[0].text);
    bundles.set(entry, out);
  }
  return out;
}

export async function scrollRoute(pathname: string): Promise<Hit> {
  const [, dir, name] = /^\/(scroll|apps|lib)\/([\w.-]+)$/.exec(pathname) ?? [];
  if (dir === 'scroll' && PAGES[name]) return { type: 'text/html', body: PAGES[name]() };
  if (dir === 'apps' && APPS[name]) return { type: 'text/javascript', body: await bundle(APPS[name]) };
  if (dir === 'lib' && LIBS[name]) return { type: LIBS[name][0], body: await readFile(path.join(root, LIBS[name][1])) };
  return null;
}
