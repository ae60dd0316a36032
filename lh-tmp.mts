import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { join } from 'node:path';
import { serveBuiltSite } from './scripts/local/built-site';
const CLOSED = 'http://127.0.0.1:9';
const root = process.cwd();
const config = { env: 'local', apiUrl: CLOSED, siteUrl: 'http://127.0.0.1', auth: { mode: 'password', region: 'us-east-1', userPoolId: 'local_bench', userPoolClientId: 'bench', userPoolEndpoint: CLOSED, googleEnabled: false }, extensionOrigins: [], stripeLiveMode: false, supportEmail: 'support@fullpageshot.example' } as any;
const server = await serveBuiltSite({ root, outDir: join(root, 'dist/web'), config, configFile: join(root, 'node_modules/.cache/bench-web-config.json') });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const path of (process.argv[2] ?? '/account').split(',')) {
  const r = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r!.lhr.audits;
  console.log(path, 'TBT', a['total-blocking-time'].numericValue);
  const lt = (a['long-tasks'].details as any)?.items ?? [];
  for (const t of lt) console.log('  long task', Math.round(t.startTime), Math.round(t.duration), t.url);
  const bt = (a['bootup-time'].details as any)?.items ?? [];
  for (const t of bt.slice(0, 8)) console.log('  bootup', Math.round(t.total), 'script', Math.round(t.scripting), 'parse', Math.round(t.scriptParseCompile), t.url);
  const mw = (a['mainthread-work-breakdown'].details as any)?.items ?? [];
  console.log('  breakdown', mw.map((x: any) => `${x.group}:${Math.round(x.duration)}`).join(' '));
}
chrome.kill(); await server.close(); process.exit(0);
