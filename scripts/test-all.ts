/**
 * `npm test`: typecheck, lint, knip (no unused files, exports or dependencies: knip.config.ts) and
 * vitest's infra project side by side, then vitest (unit, integration against the local emulators,
 * web, and `web-ext lint` on the Firefox build in the unit project), then Playwright (extension and site)
 * beside vitest's firefox project (the add-on in firefox-esr), stopping at the first failing step.
 * Prints the time each step took, the 15 slowest tests, and a closing `N passed, N failed` line.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { formatSlowest, PLAYWRIGHT_REPORT, readTestTimes, REPORT_DIR, VITEST_FIREFOX_REPORT, VITEST_INFRA_REPORT, VITEST_REPORT } from './test-all/slowest-tests';
import { VITEST_STEPS } from './test-all/vitest-steps';

interface Step { name: string; cmd: string[]; count?: (out: string) => { passed: number; failed: number }; quiet?: boolean }

// Colour codes would break the count patterns.
const plain = (s: string) => stripVTControlCharacters(s);

const vitestCounts = (out: string) => {
  const line = plain(out).match(/^\s*Tests\s+(.*)$/m)?.[1] ?? '';
  return { passed: Number(line.match(/(\d+) passed/)?.[1] ?? 0), failed: Number(line.match(/(\d+) failed/)?.[1] ?? 0) };
};
const playwrightCounts = (out: string) => {
  const text = plain(out);
  const n = (word: string) => Number(text.match(new RegExp(`^\\s*(\\d+) ${word}`, 'm'))?.[1] ?? 0);
  return { passed: n('passed') + n('flaky'), failed: n('failed') };
};

const vitest = (projects: readonly string[], report: string): string[] =>
  ['npx', 'vitest', 'run', ...projects.map((p) => `--project=${p}`), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

// The static checks and the infra tests (one worker) run side by side, each printed when it ends.
// typecheck is TypeScript 7's native compiler (package.json's script): 12 s against 5.9's 32 s.
const checks: Step[] = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], quiet: true },
  { name: 'lint', cmd: ['npx', 'eslint', '.'], quiet: true },
  { name: 'knip', cmd: ['npx', 'knip'], quiet: true },
  { name: 'infra', cmd: vitest(VITEST_STEPS.besideChecks, VITEST_INFRA_REPORT), count: vitestCounts, quiet: true },
];
/**
 * Steps run one after another; the steps of one group side by side. vitest keeps both cores busy,
 * Playwright does not (its tests mostly wait on Chrome's capture quota and the local stack), so the
 * Firefox tests, which mostly wait on firefox-esr, run beside Playwright.
 */
const steps: Step[][] = [
  [{ name: 'vitest', cmd: vitest(VITEST_STEPS.main, VITEST_REPORT), count: vitestCounts }],
  [
    // The JSON report's path is read by playwright.config.ts (PLAYWRIGHT_JSON_OUTPUT_NAME).
    { name: 'playwright', cmd: ['npx', 'playwright', 'test'], count: playwrightCounts },
    { name: 'firefox', cmd: vitest(VITEST_STEPS.besidePlaywright, VITEST_FIREFOX_REPORT), count: vitestCounts, quiet: true },
  ],
];

rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = PLAYWRIGHT_REPORT;

const header = (step: Step) => `▶ ${step.name}: ${step.cmd.join(' ')}`;

function run(step: Step): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d; if (!step.quiet) process.stdout.write(d); });
    child.stderr.on('data', (d: Buffer) => { out += d; if (!step.quiet) process.stderr.write(d); });
    child.on('close', (code) => {
      if (step.quiet) process.stdout.write(`\n${header(step)}\n${out}`);
      resolve({ code: code ?? 1, out });
    });
  });
}

// `FIGURE name: …` lines printed by measuring suites (test/report-figure.ts); a retried suite prints twice, the last wins.
const figures = new Map<string, string>();
const collectFigures = (out: string) => {
  for (const m of plain(out).matchAll(/^FIGURE (([^:\n]+):.*)$/gm)) figures.set(m[2], m[1]);
};

const rows: string[] = [];
let passed = 0;
let failed = 0;
let exitCode = 0;
/** Runs a step and adds its row; false when it failed. */
async function runStep(step: Step): Promise<boolean> {
  if (!step.quiet) console.log(`\n${header(step)}`);
  const started = Date.now();
  const { code, out } = await run(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.count?.(out);
  collectFigures(out);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code !== 0 && !counts?.failed) failed += 1; // a failed typecheck or lint counts as one failure
  rows.push(`  ${step.name.padEnd(11)} ${seconds.padStart(7)} s  ${code === 0 ? 'ok' : `failed (exit ${code})`}${counts ? `  ${counts.passed} passed, ${counts.failed} failed` : ''}`);
  if (code !== 0) exitCode = code;
  return code === 0;
}

const checksPassed = (await Promise.all(checks.map(runStep))).every(Boolean);
if (checksPassed) {
  for (const group of steps) if (!(await Promise.all(group.map(runStep))).every(Boolean)) break;
}
if (figures.size) console.log(`\nFigures:\n${[...figures.values()].map((f) => `  ${f}`).join('\n')}`);
const times = readTestTimes(join(import.meta.dirname, '..'));
if (times.length) console.log(`\nSlowest tests:\n${formatSlowest(times)}`);
console.log(`\nTime per suite:\n${rows.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
