/**
 * The slowest tests of a `npm test` run, from the JSON reports vitest and Playwright write beside
 * their usual output (the paths below), so the run ends by naming where its time went.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPORT_DIR = join(import.meta.dirname, '../../node_modules/.cache/test-times');
export const VITEST_REPORT = join(REPORT_DIR, 'vitest.json');
/** The Firefox project runs beside Playwright (scripts/test-all.ts), with a report of its own. */
export const VITEST_FIREFOX_REPORT = join(REPORT_DIR, 'vitest-firefox.json');
export const VITEST_INFRA_REPORT = join(REPORT_DIR, 'vitest-infra.json');
export const PLAYWRIGHT_REPORT = join(REPORT_DIR, 'playwright.json');

export interface TestTime { suite: 'vitest' | 'playwright'; name: string; ms: number }

interface VitestReport { testResults?: { name: string; assertionResults?: { fullName: string; duration?: number | null }[] }[] }
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests?: { projectName?: string; results?: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

const relative = (file: string, root: string) => (file.startsWith(root) ? file.slice(root.length + 1) : file);

export function vitestTimes(report: VitestReport, root: string): TestTime[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((t) => ({ suite: 'vitest' as const, name: `${relative(file.name, root)} › ${t.fullName}`, ms: t.duration ?? 0 })));
}

/** Every attempt counts: a retried test took the time of all its runs. */
export function playwrightTimes(report: { suites?: PlaywrightSuite[] }): TestTime[] {
  const out: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, file: string, titles: string[]) => {
    const here = suite.file ?? file;
    const path = suite.file ? [] : [...titles, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + r.duration, 0);
        out.push({ suite: 'playwright', name: `[${t.projectName ?? ''}] ${here} › ${[...path, spec.title].join(' › ')}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here, path);
  };
  for (const s of report.suites ?? []) walk(s, s.file ?? '', []);
  return out;
}

export function slowest(times: TestTime[], n = 15): TestTime[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, n);
}

/** Reads whichever reports this run wrote; a missing one (a step that never ran) adds nothing. */
export function readTestTimes(root: string): TestTime[] {
  const read = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined);
  const v = [VITEST_REPORT, VITEST_INFRA_REPORT, VITEST_FIREFOX_REPORT].flatMap((file) => read<VitestReport>(file) ?? []);
  const p = read<{ suites?: PlaywrightSuite[] }>(PLAYWRIGHT_REPORT);
  return [...v.flatMap((r) => vitestTimes(r, root)), ...(p ? playwrightTimes(p) : [])];
}

export function formatSlowest(times: TestTime[]): string {
  return slowest(times).map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.suite.padEnd(10)} ${t.name}`).join('\n');
}
