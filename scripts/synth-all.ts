/**
 * Synthesises dev, staging and master offline, in-process, into cdk.out/<env> (the same output as
 * `npx cdk synth -c env=<env> -o cdk.out/<env>`), with real bundling through the local esbuild and
 * cdk-nag's AwsSolutions checks. Prints a summary; exits 1 on any unacknowledged nag error.
 *
 * Staging and master refuse placeholder settings: their values come from the untracked
 * infra/environments.local.json when it exists, else from infra/environments.sample.json (a
 * check of the templates only, not deployable). sharp's linux-arm64 packages are installed into
 * finalizeImage's bundle from the registry or the npm cache; offline without them in the cache,
 * the synth goes on with a warning (nativeModulesInstall=optional).
 *
 *   npm run synth               all three environments
 *   npx tsx scripts/synth-all.ts dev master
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStacks, createApp } from '../infra/build';
import { routeList } from '../shared/api/routes';
import { repoRoot } from '../infra/settings';
import { DEFAULT_OVERRIDES_FILE } from '../infra/environment-overrides';

const all = ['dev', 'staging', 'master'] as const;
const wanted = process.argv.slice(2).filter(Boolean);
const envs = wanted.length ? all.filter((e) => wanted.includes(e)) : [...all];
if (wanted.some((w) => !(all as readonly string[]).includes(w))) {
  console.error(`Unknown env in ${wanted.join(' ')}; use ${all.join('|')}`);
  process.exit(2);
}

let failed = false;
const started = Date.now();
for (const envName of envs) {
  const t0 = Date.now();
  const outdir = path.join(repoRoot, 'cdk.out', envName);
  rmSync(outdir, { recursive: true, force: true });
  const local = existsSync(path.join(repoRoot, DEFAULT_OVERRIDES_FILE));
  const environmentsFile = envName === 'dev' || local ? undefined : 'infra/environments.sample.json';
  if (environmentsFile) console.log(`\n${envName}: no ${DEFAULT_OVERRIDES_FILE}; using ${environmentsFile} (template check, not deployable)`);
  const app = createApp({ env: envName, nativeModulesInstall: 'optional', ...(environmentsFile ? { environmentsFile } : {}) }, outdir);
  const stacks = buildStacks(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();

  const nag = new AwsSolutionsChecks().validateScope(app);
  const errors = nag.violations.filter((v) => v.severity === 'error');
  const warnings = nag.violations.filter((v) => v.severity !== 'error');
  if (errors.length) failed = true;

  console.log(`\n${envName}: ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${path.relative(repoRoot, outdir)}`);
  for (const stack of assembly.stacks) {
    const resources = Object.values((stack.template as { Resources?: Record<string, { Type: string }> }).Resources ?? {});
    const fns = resources.filter((r) => r.Type === 'AWS::Lambda::Function').length;
    console.log(`  ${stack.stackName.padEnd(18)} ${String(resources.length).padStart(4)} resources, ${fns} Lambda functions`);
  }
  const apiFns = Object.keys(stacks.api.functions).length;
  console.log(`  routes: ${routeList.length}, route functions: ${apiFns}, + PostConfirmation trigger`);
  console.log(`  dist/web upload: ${stacks.settings.webDist ? path.relative(repoRoot, stacks.settings.webDist) : 'skipped (no build)'}; google IdP: ${stacks.settings.env.google ? 'on' : 'off'}`);
  console.log(`  cdk-nag AwsSolutions: ${errors.length} errors, ${warnings.length} warnings (unacknowledged)`);
  for (const v of nag.violations) {
    console.log(`    ${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
  }
}
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)} s for ${envs.join(', ')}`);
if (failed || process.exitCode) process.exit(1);
