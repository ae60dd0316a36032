/**
 * Lighthouse (performance and accessibility) for bench:web, through its Node API against Debian
 * Chromium, headless with the flags docs/architecture.md gives ("Browsers in tests"). One Chromium serves every run; each URL gets
 * a fresh Lighthouse navigation (cold cache, Lighthouse's own throttling for the chosen preset).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export type LighthousePreset = 'mobile' | 'desktop';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Metrics behind the performance score, in ms (CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Every script the page fetched during the run, bytes on the wire (gzip). */
  scriptTransfer: number;
  /** Accessibility audits that failed, by id. */
  failedA11y: string[];
}

/** One Lighthouse navigation of `url` in the Chromium on `port`. */
async function runOnce(url: string, port: number, preset: LighthousePreset): Promise<LighthouseFigures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const num = (id: string) => audits[id]?.numericValue ?? NaN;
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const a11yIds = categories.accessibility.auditRefs.map((r) => r.id);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    scriptTransfer: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0),
    failedA11y: a11yIds.filter((id) => audits[id]?.score === 0),
  };
}

/**
 * `runs` Lighthouse navigations of every URL, round-robin (run 1 of every page, then run 2, …) so
 * that a change in the machine's load falls on every page alike. Returns each URL's runs in order.
 * `onRun` is told of each run as it ends (progress, and the load average at that moment).
 */
export async function runLighthouse(
  urls: string[],
  preset: LighthousePreset,
  { runs = 1, onRun }: { runs?: number; onRun?: (url: string, run: number, figures: LighthouseFigures) => void } = {},
): Promise<Map<string, LighthouseFigures[]>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const out = new Map<string, LighthouseFigures[]>(urls.map((u) => [u, []]));
  try {
    for (let run = 1; run <= runs; run++) {
      for (const url of urls) {
        const figures = await runOnce(url, chrome.port, preset);
        out.get(url)!.push(figures);
        onRun?.(url, run, figures);
      }
    }
  } finally {
    chrome.kill();
  }
  return out;
}
