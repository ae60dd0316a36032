import { runnerImport, type Plugin } from 'vite';

/** A module whose exports are computed when the site is built: `*.build.ts` / `*.build.tsx`. */
const BUILD_TIME_MODULE = /\.build\.tsx?$/;

/** Throws unless `value` is plain data (what JSON keeps exactly): strings, finite numbers, booleans, null, arrays, plain objects. */
function assertPlainData(value: unknown, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number' && Number.isFinite(value)) return;
  if (Array.isArray(value)) return value.forEach((v, i) => assertPlainData(v, `${at}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) assertPlainData(v, `${at}.${k}`);
    return;
  }
  throw new Error(`${at} is not plain data (${typeof value}): a build-time module may export only JSON values`);
}

/**
 * In the client build, replaces each `*.build.ts(x)` module with its exports' values, computed in
 * Node when the site is built (Vite's module runner): what the module imports to compute them
 * (react-markdown for the FAQ and legal texts) stays out of the browser's bundle. The dev server,
 * the prerender step and the tests run the module as it is, so they see the same values.
 */
export function buildTimeModules(): Plugin {
  let root: string;
  return {
    name: 'fps-build-time-modules',
    apply: 'build',
    configResolved(c) {
      root = c.root;
    },
    async transform(_code, id) {
      const file = id.split('?')[0];
      if (!BUILD_TIME_MODULE.test(file) || this.environment.config.consumer !== 'client') return null;
      const { module } = await runnerImport<Record<string, unknown>>(file, { configFile: false, root, logLevel: 'error' });
      const code = Object.entries(module)
        .map(([name, value]) => {
          assertPlainData(value, `${file}: ${name}`);
          const json = JSON.stringify(value);
          return name === 'default' ? `export default ${json};` : `export const ${name} = ${json};`;
        })
        .join('\n');
      return { code, map: null };
    },
  };
}
