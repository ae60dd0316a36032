/**
 * Builds the extension into dist/extension and zips it into dist/extension.zip for the stores.
 *   npm run build:extension            release build: production site origins only
 *   npm run build:extension -- --dev   dev build for the local stack (loopback origins, dev key, no zip)
 *   npm run build:extension -- --firefox   the same for Firefox: dist/extension-firefox and dist/extension-firefox.zip
 * Env (release): EXTENSION_SITE_ORIGINS (comma-separated origins allowed to talk to the frame page),
 *      EXTENSION_SITE_URL (base of the website links). Loopback origins are refused there.
 * Tests import buildExtension() to build with their own origins into a temp folder.
 */
import { mkdir, readFile, rm, writeFile, copyFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import JSZip from 'jszip';
import { DEFAULT_SITE_ORIGINS, DEFAULT_SITE_URL, DEV_SITE_ORIGINS, DEV_SITE_URL, isLoopbackOrigin, parseOriginList } from '#shared/extension/site-origins';
import { DEV_EXTENSION_KEY } from '../extension/dev-key';
import { createManifest, GECKO_MIN_VERSION, ICON_SIZES, type BrowserTarget, type ExtensionManifest } from '../extension/manifest';
import { iconPng } from './extension/png-icon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  /** The browser: 'chrome' (default; Chrome and Edge) or 'firefox'. See TARGETS and extension/manifest.ts. */
  target?: BrowserTarget;
  /** Default: dist/extension (Chrome) or dist/extension-firefox. */
  outDir?: string;
  /** Where to write the store zip; false to skip it. Default: dist/extension.zip (or extension-firefox.zip) beside outDir. */
  zipPath?: string | false;
  siteOrigins?: readonly string[];
  siteUrl?: string;
  /** Test builds: read test overrides from storage and grant optional permissions at install. */
  testBuild?: boolean;
  /** Test builds: host permissions granted at install (to test frames from another origin). */
  hostPermissions?: string[];
  minify?: boolean;
  /** Put the development key in the manifest, for a fixed id (local stack); never in store builds. Chrome only (Firefox's id is fixed). */
  devKey?: boolean;
}

/**
 * What differs between the browsers at build time, besides the manifest (extension/manifest.ts):
 * the output's name and esbuild's syntax target. The code is the same; it finds out at run time
 * what the browser offers (`chrome.debugger` only where the manifest can ask for it).
 */
const TARGETS: Record<BrowserTarget, { dirName: string; esbuildTarget: string; devKey: boolean }> = {
  chrome: { dirName: 'extension', esbuildTarget: 'chrome116', devKey: true },
  firefox: { dirName: 'extension-firefox', esbuildTarget: `firefox${parseInt(GECKO_MIN_VERSION, 10)}`, devKey: false },
};

export interface BuildResult {
  outDir: string;
  zipPath: string | null;
  manifest: ExtensionManifest;
}

/** The dev build for the local stack's default ports: loopback origins and the fixed dev id. */
export const DEV_BUILD: BuildOptions = { siteOrigins: DEV_SITE_ORIGINS, siteUrl: DEV_SITE_URL, devKey: true, zipPath: false };

/** Release builds from the command line: production origins, or the env's, never loopback ones. */
export function releaseBuildOptions(env: NodeJS.ProcessEnv): BuildOptions {
  const origins = parseOriginList(env.EXTENSION_SITE_ORIGINS);
  const siteUrl = env.EXTENSION_SITE_URL || undefined;
  const local = [...origins, ...(siteUrl ? [new URL(siteUrl).origin] : [])].filter(isLoopbackOrigin);
  if (local.length) throw new Error(`A release build must not trust local origins (${local.join(', ')}); use --dev for the local stack.`);
  return { siteOrigins: origins.length ? origins : undefined, siteUrl };
}

const ENTRIES: Array<{ in: string; out: string; format: 'esm' | 'iife'; split?: true }> = [
  { in: 'extension/background/service-worker.ts', out: 'service-worker', format: 'esm' },
  { in: 'extension/content/content-script.ts', out: 'content', format: 'iife' },
  { in: 'extension/editor/editor.ts', out: 'editor', format: 'esm', split: true },
  { in: 'extension/editor/encoder-worker.ts', out: 'encoder', format: 'esm' },
  { in: 'extension/options/options.ts', out: 'options', format: 'esm' },
  { in: 'extension/frame/frame.ts', out: 'frame', format: 'esm' },
  // Firefox's manifest runs it on the site's pages (extension/manifest.ts).
  { in: 'extension/content/announce-origin.ts', out: 'announce-origin', format: 'iife' },
];

const STATIC_FILES = ['extension/editor/editor.html', 'extension/editor/editor.css', 'extension/options/options.html', 'extension/frame/frame.html'];

export async function buildExtension(opts: BuildOptions = {}): Promise<BuildResult> {
  const target = opts.target ?? 'chrome';
  const t = TARGETS[target];
  const outDir = path.resolve(opts.outDir ?? path.join(ROOT, 'dist', t.dirName));
  const zipPath = opts.zipPath === false ? null : path.resolve(opts.zipPath ?? path.join(path.dirname(outDir), `${t.dirName}.zip`));
  const siteOrigins = opts.siteOrigins ?? DEFAULT_SITE_ORIGINS;
  const siteUrl = opts.siteUrl ?? DEFAULT_SITE_URL;
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'icons'), { recursive: true });

  const define = {
    __FPS_SITE_ORIGINS__: JSON.stringify(siteOrigins),
    __FPS_SITE_URL__: JSON.stringify(siteUrl),
    __FPS_TEST_HOOKS__: JSON.stringify(!!opts.testBuild),
  };
  const common = {
    absWorkingDir: ROOT,
    outdir: outDir,
    bundle: true,
    platform: 'browser',
    target: t.esbuildTarget,
    define,
    minify: opts.minify ?? !opts.testBuild,
    legalComments: 'none',
    logLevel: 'warning',
  } as const;
  await Promise.all([
    ...(['esm', 'iife'] as const).map((format) =>
      esbuild.build({ ...common, format, entryPoints: ENTRIES.filter((e) => e.format === format && !e.split).map((e) => ({ in: e.in, out: e.out })) }),
    ),
    // Split on its own: code it imports on demand (pdf-lib) goes to chunks/, and no other entry
    // (the service worker may not import() at all) shares a chunk with it.
    esbuild.build({ ...common, format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]', entryPoints: ENTRIES.filter((e) => e.split).map((e) => ({ in: e.in, out: e.out })) }),
  ]);
  for (const f of STATIC_FILES) await copyFile(path.join(ROOT, f), path.join(outDir, path.basename(f)));
  for (const size of ICON_SIZES) await writeFile(path.join(outDir, `icons/icon-${size}.png`), iconPng(size));

  const manifest = {
    ...createManifest({ target, version: pkg.version, siteOrigins, grantOptionalPermissions: opts.testBuild, hostPermissions: opts.hostPermissions }),
    ...(opts.devKey && t.devKey ? { key: DEV_EXTENSION_KEY } : {}),
  };
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  if (zipPath) {
    const zip = new JSZip();
    for (const rel of await listFiles(outDir)) zip.file(rel, await readFile(path.join(outDir, rel)));
    await mkdir(path.dirname(zipPath), { recursive: true });
    await writeFile(zipPath, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  }
  return { outDir, zipPath, manifest };
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const target: BrowserTarget = process.argv.includes('--firefox') ? 'firefox' : 'chrome';
  const result = await buildExtension({ ...(process.argv.includes('--dev') ? DEV_BUILD : releaseBuildOptions(process.env)), target });
  console.log(`Built ${path.relative(ROOT, result.outDir)} (v${result.manifest.version})${result.zipPath ? ` and ${path.relative(ROOT, result.zipPath)}` : ''}`);
  console.log(`Site origins: ${(result.manifest.web_accessible_resources?.[0] as { matches: string[] }).matches.join(', ')}`);
}
