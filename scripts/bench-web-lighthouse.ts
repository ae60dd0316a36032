/**
 * Lighthouse (performance and accessibility) for bench:web, through its Node API against Debian
 * Chromium, headless with the flags DESIGN.md gives. One Chromium serves every run; each URL gets
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

export async function runLighthouse(urls: string[], preset: LighthousePreset): Promise<Map<string, LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const out = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
      const num = (id: string) => audits[id]?.numericValue ?? NaN;
      const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const a11yIds = categories.accessibility.auditRefs.map((r) => r.id);
      out.set(url, {
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        scriptTransfer: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0),
        failedA11y: a11yIds.filter((id) => audits[id]?.score === 0),
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
