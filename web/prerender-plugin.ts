import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer, createServerModuleRunner, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import type * as Prerender from './src/prerender';
import { SPA_FALLBACK_FILE } from '../shared/web/spa-fallback';
import { PRERENDERED_PATH_ATTRIBUTE } from './src/app/prerendered-root';
import { AUTH_PENDING_PAINT_ATTRIBUTE } from './src/lib/auth-pending-paint';
import { PAINT_CHOICE_STYLE, PAINT_FOR, PAINT_FOR_ATTRIBUTE, STORED_SESSION_PROBE_SCRIPT } from '../shared/web/stored-session-probe';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ROOT = '<div id="root"></div>';
/** The "needs JavaScript" notice: true of the SPA shell, not of a page that paints without it. */
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
/** React puts the preloads it derives (images with fetchPriority, …) before the markup; they belong in <head>. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/** Adds tags at the end of <head>. */
const intoHead = (html: string, tags: string) => (tags ? html.replace('</head>', () => `  ${tags}\n  </head>`) : html);

/** A page's markup without React's leading preloads, and those preloads. */
function splitLinks(markup: string): { links: string; body: string } {
  const links = LEADING_LINKS.exec(markup)?.[0] ?? '';
  return { links, body: markup.slice(links.length) };
}

/**
 * The built index.html with a page's markup in #root and its title. A marketing page is marked for
 * hydration and has no inline script. An app path's first paint while the sign-in is unknown
 * (`authPendingPaint`) holds two paints, the signed-out view and "Checking your sign-in…", and the
 * stored-session probe in <head> (its one inline script, allowed by hash in the CSP) picks which
 * one shows before the first paint. It keeps the "needs JavaScript" notice.
 */
export function prerenderedHtml(template: string, pathname: string, page: Prerender.PrerenderedPage, { authPendingPaint = false } = {}): string {
  if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
  const checking = splitLinks(page.html);
  const signedOut = authPendingPaint && page.signedOutHtml !== undefined ? splitLinks(page.signedOutHtml) : undefined;
  const links = [...new Set([checking.links, signedOut?.links ?? ''])].join('');
  // First in <head>: an inline script after a stylesheet link would wait for that stylesheet. Every
  // page has the probe: the header's Account menu shows the items of the visitor's sign-in state
  // from the first paint (styles.css, `.when-signed-in`); the paint choice is for app paths only.
  const paintChoice = authPendingPaint ? `<style>${PAINT_CHOICE_STYLE}</style>` : '';
  const probe = (doc: string) => doc.replace('<head>', () => `<head>\n    <script>${STORED_SESSION_PROBE_SCRIPT}</script>${paintChoice}`);
  const html = probe(intoHead(template, links)).replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
  const mark = authPendingPaint ? AUTH_PENDING_PAINT_ATTRIBUTE : PRERENDERED_PATH_ATTRIBUTE;
  const markup = signedOut
    ? `<div ${PAINT_FOR_ATTRIBUTE}="${PAINT_FOR.noSession}">${signedOut.body}</div><div ${PAINT_FOR_ATTRIBUTE}="${PAINT_FOR.storedSession}">${checking.body}</div>`
    : checking.body;
  return (authPendingPaint ? html : html.replace(NOSCRIPT, '')).replace(ROOT, () => `<div id="root" ${mark}="${escapeHtml(pathname)}">${markup}</div>`);
}

/**
 * The runtime config, fetched with the page's own modules instead of after them: every app path
 * reads it before it knows what to show (the sign-in form or the hosted login, the API's address),
 * and lib/runtime-config.ts's fetch takes this response.
 */
const RUNTIME_CONFIG_PRELOAD = '<link rel="preload" href="/config.json" as="fetch" crossorigin>';

/** '/' → index.html, '/faq' → faq/index.html (the file CloudFront and static servers look up). */
const htmlFileFor = (pathname: string) => join(pathname.replace(/^\/+/, ''), 'index.html');

/**
 * The JS chunks of the lazy modules in `moduleIds` and their static imports, minus those the
 * entry loads already: what a page needs before it renders, as modulepreload links (left out
 * with `cssOnly`), plus the stylesheets of those chunks.
 */
function routePreloads(bundle: Rollup.OutputBundle, moduleIds: Set<string>, base: string, { cssOnly = false } = {}): string {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[], seen = new Set<string>()) => {
    for (const f of files) if (!seen.has(f)) closure(byFile.get(f)?.imports ?? [], seen.add(f));
    return seen;
  };
  const inEntry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const lazy = chunks.filter((c) => c.isDynamicEntry && c.facadeModuleId && moduleIds.has(c.facadeModuleId)).map((c) => c.fileName);
  const files = [...closure(lazy)].filter((f) => !inEntry.has(f));
  // The stylesheets those chunks import: in <head>, so the prerendered markup is styled from the
  // first paint rather than restyled (shifted) when the chunk adds them. Vite skips a stylesheet
  // that is already linked.
  const entryCss = new Set([...inEntry].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
  const css = [...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))].filter((f) => !entryCss.has(f));
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...(cssOnly ? [] : files.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`)),
  ].join('');
}

/**
 * After the client build, renders every marketing route to `<outDir>/<path>/index.html` (home is
 * index.html itself) with the page's markup and title, so the first paint needs no JavaScript; the
 * SPA then hydrates it. /account and /checkout get the state every visitor sees first, "Checking
 * your sign-in…" under the page's h1 (`authPendingPaints` in prerender.tsx), which the SPA
 * replaces rather than hydrates. The other
 * fixed app paths (/images, /admin…) get the plain shell as their own index.html, so they never
 * start from the home page's markup. Each page links the stylesheets of its route chunks, and
 * lists those chunks as modulepreload links (not the auth-pending paints, see below), so the
 * browser fetches them with the entry.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'fps-prerender',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      // Only the site's own client build (the bench builds a bare app with this config, too).
      if (config.build.ssr || config.root !== import.meta.dirname) return;
      const outDir = resolve(config.root, config.build.outDir);
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        logLevel: 'warn',
        appType: 'custom',
        // A cache of its own: the dev servers running from this checkout keep theirs untouched.
        cacheDir: join(config.root, '../node_modules/.vite-prerender'),
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      // One module runner (module instances) per page, so what a page's routes import is visible.
      const withRunner = async <T,>(use: (mod: typeof Prerender, loaded: () => Set<string>) => Promise<T>) => {
        const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
        try {
          const mod = (await runner.import('/src/prerender.tsx')) as typeof Prerender;
          return await use(mod, () => new Set(runner.evaluatedModules.idToModuleMap.keys()));
        } finally {
          await runner.close();
        }
      };
      const write = (pathname: string, html: string) => {
        const file = join(outDir, htmlFileFor(pathname));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
      };
      try {
        const { pages, shells, paints } = await withRunner(async (mod) => {
          const pages = mod.prerenderedPaths();
          return { pages, shells: (await mod.appShellPaths()).filter((p) => !pages.includes(p)), paints: Object.keys(mod.authPendingPaints) };
        });
        for (const pathname of [...pages, ...shells]) {
          await withRunner(async (mod, loaded) => {
            await mod.loadRouteModules(pathname);
            const paintAt = mod.authPendingPaints[pathname];
            // An auth-pending first paint needs no script to paint. Its route chunks load when the SPA
            // starts, after that paint (main.tsx), rather than competing with the stylesheets.
            const preloads = routePreloads(bundle, loaded(), config.base, { cssOnly: !!paintAt });
            const html = intoHead(template, pages.includes(pathname) ? preloads : RUNTIME_CONFIG_PRELOAD + preloads);
            if (pages.includes(pathname)) write(pathname, prerenderedHtml(html, pathname, await mod.renderPage(pathname)));
            else if (paintAt) write(pathname, prerenderedHtml(html, pathname, await mod.renderAuthPendingPaint(paintAt), { authPendingPaint: true }));
            else write(pathname, html);
          });
        }
        writeFileSync(join(outDir, SPA_FALLBACK_FILE), template);
        const painted = shells.filter((p) => paints.includes(p)).length;
        config.logger.info(`prerendered ${pages.length} marketing pages and ${painted} auth-pending first paints; ${shells.length - painted} app paths get the SPA shell`);
      } finally {
        await server.close();
      }
    },
  };
}
