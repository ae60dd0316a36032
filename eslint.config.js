import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layers, enforced on every import (import-x/no-restricted-paths) and no import cycles
 * (import-x/no-cycle). Paths are from the project root.
 *
 * - shared → shared only (no AWS, React or DOM code behind it);
 * - web, extension → shared only; inside web/src, lib/components/config never import app/ or
 *   features/; inside extension, the libraries (lib/, capture/) never import a surface (background,
 *   content, editor, frame, options: the manifest's entry points);
 * - web/src/features/<f> imports only shared, web/src/lib, web/src/components, web/src/config and
 *   its own folder (never another feature, never app/), as bulletproof-react's lint config has it;
 * - extension surfaces share code only through extension/lib and extension/capture (a surface
 *   never imports another);
 * - lambdas → shared; inside lambdas, lib/ imports no area, adapters/ no area and not the handler
 *   chain, lib/'s foundation no adapter, and an area's lib/ (its helpers) no route entry point (the
 *   files at the top of an area); an area imports another area's lib/ only along an edge declared
 *   in LAMBDA_AREA_EDGES, which has no cycle;
 * - infra → shared and the lambdas route entry points only (never lambdas/lib, adapters or an
 *   area's lib/);
 * - scripts, test → anything;
 * - no product code (shared, lambdas, infra, web, extension) → scripts/ or test/.
 *
 * Test files (`*.test.ts(x)`) are not product: nothing depends on them. They keep their folder's
 * layer (a web test imports no lambdas code), but may use test/ and scripts/ fixtures and reach any
 * part of their own layer (a config test may check the paths against the app's router).
 */
const LAYERS = ['shared', 'lambdas', 'infra', 'web', 'extension', 'scripts', 'test'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const others = (...allowed) => LAYERS.filter((l) => !allowed.includes(l)).map((l) => `./${l}`);
const zone = (target, from, message) => ({ target, from, message });
/** Entry points sit at the top of an area folder; lambdas/lib and lambdas/adapters are not areas. */
const LAMBDA_AREA_LIBS = './lambdas/!(lib|adapters)/lib/**';
const LAMBDA_ENTRIES = './lambdas/!(lib|adapters)/*.ts';
/** lambdas/lib's handler chain, above the adapters; the rest of lib is its foundation, below them. */
const LAMBDA_HANDLER_CHAIN = './lambdas/lib/@(define-handler|define-grant-handler|*-guard).ts';
const LAMBDA_LIB_FOUNDATION = './lambdas/lib/!(define-handler|define-grant-handler|*-guard).ts';

const subfolders = (dir) => readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * Which areas' helpers (lambdas/<area>/lib/) each area may import. Billing builds on the account
 * (whose subscription it changes), never the other way round; checkout and the Stripe webhook on
 * billing; the share links and the extension's uploads on the image library.
 */
const LAMBDA_AREA_EDGES = {
  admin: ['images', 'shares'],
  billing: ['account'],
  checkout: ['account', 'billing'],
  extension: ['images'],
  images: ['account'],
  invites: ['orgs'],
  orgs: ['billing'],
  shares: ['images'],
  stripe: ['billing'],
};
const LAMBDA_AREAS = subfolders('lambdas').filter((a) => a !== 'lib' && a !== 'adapters');

/** Throws at load time if the declared edges loop (a → … → a): the edges are a layering. */
function assertNoCycle(edges) {
  const visit = (area, path) => {
    if (path.includes(area)) throw new Error(`LAMBDA_AREA_EDGES has a cycle: ${[...path, area].join(' → ')}`);
    for (const next of edges[area] ?? []) visit(next, [...path, area]);
  };
  for (const area of Object.keys(edges)) visit(area, []);
}
assertNoCycle(LAMBDA_AREA_EDGES);

const lambdaAreaZones = () =>
  LAMBDA_AREAS.map((area) => {
    const allowed = [area, ...(LAMBDA_AREA_EDGES[area] ?? [])];
    const from = LAMBDA_AREAS.filter((a) => !allowed.includes(a)).map((a) => `./lambdas/${a}/lib`);
    return zone(`./lambdas/${area}`, from, `lambdas/${area} may import the helpers (lib/) of ${allowed.join(', ')} only (LAMBDA_AREA_EDGES).`);
  });

const WEB_FEATURES = subfolders('web/src/features');
const webFeatureZones = () =>
  WEB_FEATURES.flatMap((f) => [
    { target: `./web/src/features/${f}`, from: './web/src/features', except: [`./${f}`],
      message: 'A web feature imports only shared, web/src/lib, web/src/components, web/src/config and its own folder.' },
    zone(`./web/src/features/${f}`, './web/src/app', 'A web feature never imports app/ (the router imports features).'),
  ]);

const EXTENSION_SURFACES = ['background', 'content', 'editor', 'frame', 'options'];
const extensionSurfaceZones = () =>
  EXTENSION_SURFACES.map((s) =>
    zone(`./extension/${s}`, EXTENSION_SURFACES.filter((o) => o !== s).map((o) => `./extension/${o}`),
      'Extension surfaces share code only through extension/lib or extension/capture.'));

/** The zones of each layer; `forTests` drops the "never scripts/ or test/" part and the layering inside a layer. */
function layerZones(forTests) {
  const product = (target, allowed, message) =>
    zone(target, others(...allowed, ...(forTests ? ['scripts', 'test'] : [])), message);
  const between = [
    product('./shared', ['shared'], 'shared/ imports only shared/.'),
    product('./web', ['shared', 'web'], 'web/ imports only shared/ (and itself).'),
    product('./extension', ['shared', 'extension'], 'extension/ imports only shared/ (and itself).'),
    product('./lambdas', ['shared', 'lambdas'], 'lambdas/ imports only shared/ (and itself).'),
    product('./infra', ['shared', 'lambdas', 'infra'], 'infra/ imports only shared/ and lambdas entry points.'),
    zone('./infra', ['./lambdas/lib', './lambdas/adapters'], 'infra/ may name a lambdas entry point, not its internals.'),
    zone('./infra', LAMBDA_AREA_LIBS, 'infra/ may name a lambdas entry point, not an area\'s helpers.'),
  ];
  const inside = [
    // lambdas/lib is two layers: its foundation (config, errors, logger, metrics, principal, http…),
    // which adapters use, and the handler chain (define-handler.ts and the *-guard.ts it runs), which
    // uses adapters, as docs/architecture.md "Handlers" has it (adapters are built once per container).
    zone(LAMBDA_LIB_FOUNDATION, ['./lambdas/adapters'], 'lib\'s foundation is below the adapters; only the handler chain (define-handler, *-guard) uses them.'),
    zone('./lambdas/adapters', LAMBDA_HANDLER_CHAIN, 'Adapters are below the handler chain.'),
    zone('./lambdas/lib', LAMBDA_AREA_LIBS, 'lambdas/lib is below every area.'),
    zone('./lambdas/lib', LAMBDA_ENTRIES, 'lambdas/lib is below every area.'),
    zone('./lambdas/adapters', LAMBDA_AREA_LIBS, 'Adapters are below every area (business rules stay out of them).'),
    zone('./lambdas/adapters', LAMBDA_ENTRIES, 'Adapters are below every area (business rules stay out of them).'),
    zone(LAMBDA_AREA_LIBS, LAMBDA_ENTRIES, 'An area\'s helpers never import a route entry point.'),
    ...lambdaAreaZones(),
    ...webFeatureZones(),
    ...extensionSurfaceZones(),
    zone('./web/src/lib', ['./web/src/app', './web/src/features'], 'web/src/lib is below app/ and features/.'),
    zone('./web/src/components', ['./web/src/app', './web/src/features'], 'web/src/components is below app/ and features/.'),
    zone('./web/src/config', ['./web/src/app', './web/src/features'], 'web/src/config is below app/ and features/.'),
    ...['./extension/lib', './extension/capture'].map((lib) =>
      zone(lib, EXTENSION_SURFACES.map((s) => `./extension/${s}`),
        'The extension\'s libraries (lib/, capture/) are below its surfaces.')),
  ];
  return forTests ? between : [...between, ...inside];
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.local', 'web/dist', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, chrome: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  // Layers and cycles (see the top of this file).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // What import-x needs to follow TypeScript files: its parser per extension and a resolver
      // that knows tsconfig and package.json `imports` (#shared/*).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones(false) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: TESTS, rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones(true) }] } },
  // Playwright fixtures take an empty destructuring pattern by convention.
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);
