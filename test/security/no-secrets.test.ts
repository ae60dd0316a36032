import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { buildExtension } from '../../scripts/build-extension';
import { LOCAL_STRIPE_KEY, LOCAL_WEBHOOK_SECRET } from '../../scripts/local/stack';
import { reportFigure } from '../report-figure';

/**
 * Nothing secret ships to browsers: a fresh build of the web bundle (what CloudFront serves,
 * source maps included) and of the extension (what the stores get) is scanned, file by file, for
 * secret shapes and for the actual secret values this machine knows (local stack, .env files,
 * the environment).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const SHAPES: [string, RegExp][] = [
  ['Stripe secret or restricted key', /\b[sr]k_(live|test)_[0-9A-Za-z]{8,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{8,}/],
  ['AWS access key id', /\b(AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/],
  ['AWS secret access key', /(aws_?secret_?access_?key|secretAccessKey)["'`]?\s*[:=]\s*["'`][A-Za-z0-9/+]{40}["'`]/i],
  ['private key (PEM)', /-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/],
  ['JWT', /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/],
  ['Google OAuth client secret', /\bGOCSPX-[A-Za-z0-9_-]{20,}/],
  ['s3rver credentials', /\bS3RVER\b/],
];

/** Secret values known here: the local stack's, any .env file's, and secret-named env vars. */
function knownSecretValues(): [string, string][] {
  const values: [string, string][] = [
    ['local Stripe key', LOCAL_STRIPE_KEY],
    ['local webhook secret', LOCAL_WEBHOOK_SECRET],
  ];
  for (const f of readdirSync(ROOT).filter((n) => n.startsWith('.env'))) {
    for (const line of readFileSync(path.join(ROOT, f), 'utf8').split('\n')) {
      const m = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=\s*["']?([^"'\s#]+)/.exec(line);
      if (m && m[2].length >= 8) values.push([`${f} ${m[1]}`, m[2]]);
    }
  }
  for (const [k, v] of Object.entries(process.env)) {
    if (v && v.length >= 8 && /SECRET|PASSWORD|PRIVATE|TOKEN|API_KEY/.test(k) && !/^(true|false|\d+)$/.test(v)) values.push([`env ${k}`, v]);
  }
  return values;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Every finding in one file, as "file: kind". */
function scan(file: string, text: string, known: [string, string][]): string[] {
  const found: string[] = [];
  for (const [kind, re] of SHAPES) if (re.test(text)) found.push(`${file}: ${kind} (${re.exec(text)![0].slice(0, 24)}…)`);
  for (const [kind, value] of known) if (text.includes(value)) found.push(`${file}: ${kind}`);
  return found;
}

let tmp: string;
const outputs: { name: string; dir: string }[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'fps-no-secrets-'));
  const web = path.join(tmp, 'web');
  const extension = path.join(tmp, 'extension');
  // One build each, as shipped: the web bundle with its source maps, the minified store extension.
  await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), build: { outDir: web, emptyOutDir: true }, logLevel: 'error' });
  await buildExtension({ outDir: extension, zipPath: false });
  outputs.push({ name: 'web', dir: web }, { name: 'extension', dir: extension });
}, 240_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('no secrets in what ships to browsers', () => {
  it('the scanner catches each kind of secret (so a clean result means something)', () => {
    const samples = [
      `const k = "sk_live_${'a1B2'.repeat(6)}"`, `rk_test_${'x9'.repeat(8)}`, `whsec_${'Q'.repeat(32)}`, 'AKIAIOSFODNN7EXAMPLE',
      `secretAccessKey: "${'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'}"`, '-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'S3RVER', 'whsec_local', 'sk_test_local',
    ];
    for (const s of samples) expect(scan('sample', s, knownSecretValues()), s).not.toEqual([]);
    expect(scan('sample', 'const stripeDashboard = "https://dashboard.stripe.com/test/customers/cus_123"', knownSecretValues())).toEqual([]);
  });

  it('scans every emitted file of the web bundle and the extension: 0 secrets', async () => {
    const known = knownSecretValues();
    const findings: string[] = [];
    let files = 0;
    for (const { name, dir } of outputs) {
      const list = await filesUnder(dir);
      expect(list.length, `${name} build is not empty`).toBeGreaterThan(2);
      if (name === 'web') expect(list.some((f) => f.endsWith('.js.map')), 'source maps are scanned too').toBe(true);
      for (const f of list) {
        files++;
        findings.push(...scan(`${name}/${path.relative(dir, f)}`, (await readFile(f)).toString('latin1'), known));
      }
    }
    expect(existsSync(path.join(outputs[0].dir, 'index.html'))).toBe(true);
    expect(findings).toEqual([]);
    reportFigure(`secrets: ${files} files scanned, ${findings.length} secrets`);
  });
});
