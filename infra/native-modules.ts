import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * Native packages a function loads at run time, installed from the registry for Lambda's
 * platform (linux, arm64, glibc) into the bundle's own node_modules, pinned to exact versions.
 * The versions are those of package-lock.json, so the local stack and Lambda run the same code.
 */
const NATIVE_PACKAGES: Record<string, { install: string; platformPackages: readonly string[] }> = {
  // npm refuses an explicit install of the arm64 packages on an x64 host (EBADPLATFORM), so sharp
  // is installed and its exact optional dependencies for --cpu=arm64 are checked afterwards.
  sharp: { install: 'sharp@0.34.5', platformPackages: ['@img/sharp-linux-arm64@0.34.5', '@img/sharp-libvips-linux-arm64@1.2.4'] },
};

/** Fails fast instead of hanging when the registry is out of reach (measured: see infra/README.md). */
const NPM_FLAGS = '--os=linux --cpu=arm64 --libc=glibc --no-save --no-package-lock --no-audit --no-fund --omit=dev --ignore-scripts --prefer-offline --fetch-retries=0 --fetch-timeout=20000';

/** The shell command that installs `modules` into `outputDir`; exported for tests. */
export function nativeInstallCommand(modules: readonly string[], outputDir: string, mode: 'required' | 'optional'): string {
  const pinned = modules.map((m) => {
    const p = NATIVE_PACKAGES[m];
    if (!p) throw new Error(`No pinned linux-arm64 packages for native module '${m}' in infra/native-modules.ts`);
    return p;
  });
  const specs = pinned.map((p) => p.install);
  const checks = pinned.flatMap((p) => p.platformPackages).map((spec) => {
    const at = spec.lastIndexOf('@');
    return `grep -q '"version": "${spec.slice(at + 1)}"' node_modules/${spec.slice(0, at)}/package.json`;
  });
  const dir = JSON.stringify(outputDir);
  // The package.json stops npm from walking up to the repository's own node_modules.
  const install = [`cd ${dir}`, `echo '{"private":true}' > package.json`, `npm install ${NPM_FLAGS} ${specs.join(' ')}`, ...checks].join(' && ');
  if (mode === 'required') return install;
  return `(${install}) || echo "WARNING: could not install ${specs.join(' ')} (offline?); this bundle is not deployable"`;
}

/** NodejsFunction hooks for `modules`; undefined when there are none. */
export function nativeModuleHooks(modules: readonly string[], mode: 'required' | 'optional'): ICommandHooks | undefined {
  if (modules.length === 0) return undefined;
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir: string, outputDir: string) => [nativeInstallCommand(modules, outputDir, mode)],
  };
}
