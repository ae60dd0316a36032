/**
 * bench:api — request rate and latency of the hot API routes on the local stack.
 *
 * 1. Starts the local stack the way the integration tests do (random ports, a temporary data
 *    folder, no web server; the API in this process, dynalite in a child) and seeds the demo accounts.
 * 2. Signs the demo users in with USER_PASSWORD_AUTH against cognito-local, and gives one fresh
 *    user 20 images made through the API (createImage → PUT to the upload URL → finalizeImage).
 * 3. Drives each route with autocannon, run as a child process so the load generator does not
 *    share the API's event loop, and prints requests/s, p50 and p99 latency, non-2xx and errors.
 *
 *   npm run bench:api                                        (100 connections, 20 s per route)
 *   BENCH_CONNECTIONS=20 BENCH_DURATION=5 npm run bench:api  (a quick run)
 *   BENCH_ROUTES=lookupAccount npm run bench:api             (only routes whose label contains one of these)
 *
 * Budgets: lookupAccount without payments at p99 ≤ 25 ms with no errors; the exit code is 1 if not,
 * and lookupAccount is then run at 5/10/25/50 connections (5 s each) to print up to how many the
 * budget holds (BENCH_SWEEP=0 skips that). "CPU ms/req" is the CPU time the stack's processes
 * spent per request.
 *
 * Against a floor (issue #22 §7): beside lookupAccount the same run drives a bare Node HTTP
 * handler in this process that does the same DynamoDB reads with the same SDK clients
 * (`usersRepo.get`, and the org and member rows when the user has an org) and answers the rows as
 * JSON: no middy, zod, logger or JWT verification. Both are warmed (a short unmeasured run each),
 * then measured in turn, floor then route, FLOOR_ALTERNATIONS times; the rows are the median runs,
 * and the budget is the median of the per-alternation ratios (a floor measured once, first, while
 * cold, once came out slower than the route). lookupAccount's CPU ms/req must be ≤ 1.5 × the
 * floor's; the exit code is 1 if not. BENCH_CPU_PROFILE=1 also profiles this process (the API and
 * the handlers; not dynalite) while each of the two runs, writes the profiles to
 * .local/bench-api/*.cpuprofile and prints where the time goes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { randomPorts } from './local/ports';
import { passwordAccessToken, seedDemoData, signUpConfirmed } from './local/seed';
import { startLocalStack, type LocalStack } from './local/stack';
import { median, summariseAlternations } from './bench-floor';

const root = resolve(import.meta.dirname, '..');
const autocannonBin = join(root, 'node_modules/autocannon/autocannon.js');

const positiveInt = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name}=${raw} is not a positive whole number`);
  return n;
};
const DURATION = positiveInt('BENCH_DURATION', 20);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const ONLY = (process.env.BENCH_ROUTES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const IMAGES = 20;
const BUDGET = { label: 'lookupAccount', p99Ms: 25, cpuTimesFloor: 1.5 };
const PROFILE = process.env.BENCH_CPU_PROFILE === '1';
const FLOOR_LABEL = 'floor: bare handler, same DynamoDB reads (free user)';
/** Floor/route measurements taken in turn; the budget reads their median. */
const FLOOR_ALTERNATIONS = 3;
/** The unmeasured run that warms each side (JIT, connection pools) before the alternations. */
const WARM_SECONDS = 2;
/** Connection counts tried for lookupAccount when the budget is missed at CONNECTIONS. */
const SWEEP = [5, 10, 25, 50];
const SWEEP_DURATION = 5;

interface Scenario { label: string; path: string; token: string }
interface Row {
  label: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number;
  /** CPU time the stack's processes spent per request: steadier than req/s on a machine other work shares. */
  cpuMsPerRequest: number | undefined;
}

/** The part of autocannon's --json output this script reads. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const signIn = (stack: LocalStack, email: string): Promise<string> => passwordAccessToken(stack.cognito, email);

async function api<T>(stack: LocalStack, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(stack.urls.api + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A user with `count` finalised images, each made through the API as the extension does. */
async function userWithImages(stack: LocalStack, count: number): Promise<string> {
  const email = 'bench-images@example.com';
  await signUpConfirmed(stack.cognito, email);
  const token = await signIn(stack, email);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
  for (let i = 0; i < count; i++) {
    const created = await api<{ id: string; uploadUrl: string; uploadFields: Record<string, string> }>(stack, 'POST', '/images/', token, {
      title: `Bench page ${i + 1}`, notes: 'Made by bench:api', urlLink: `https://example.com/page/${i + 1}`, contentType: 'image/png',
    });
    const upload = await fetch(created.uploadUrl, { method: 'POST', body: imageUploadForm(created.uploadFields, new Blob([new Uint8Array(png)])) });
    if (upload.status !== 204) throw new Error(`upload of image ${created.id}: ${upload.status}`);
    await api(stack, 'POST', `/images/${created.id}/`, token, {});
  }
  const listed = await api<unknown[]>(stack, 'GET', '/images/', token);
  if (listed.length !== count) throw new Error(`expected ${count} images, the API lists ${listed.length}`);
  return token;
}

/**
 * CPU time (ms) used so far by this process (the API and handlers) and its child processes
 * (dynalite, cognito-local), from /proc; undefined where there is no /proc. autocannon is not counted:
 * it is only running between the two readings a run takes, and a process that has ended is gone.
 */
function stackCpuMs(): number | undefined {
  const ticks = new Map<number, number>();
  const children = new Map<number, number[]>();
  try {
    for (const dir of readdirSync('/proc')) {
      if (!/^\d+$/.test(dir)) continue;
      try {
        const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
        // After "pid (comm) ": state, ppid, … utime and stime are fields 14 and 15.
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(dir);
        ticks.set(pid, Number(f[11]) + Number(f[12]));
        children.set(Number(f[1]), [...(children.get(Number(f[1])) ?? []), pid]);
      } catch {
        // the process ended while /proc was read
      }
    }
  } catch {
    return undefined;
  }
  let total = 0;
  const todo = [process.pid];
  while (todo.length) {
    const pid = todo.pop()!;
    total += ticks.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total * 10; // USER_HZ is 100 on Linux
}

/** Runs autocannon's CLI in a child process against one URL and reads its JSON summary. */
function autocannon(url: string, token: string, connections: number, duration: number): Promise<AutocannonJson> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [
      autocannonBin, '--json', '--connections', String(connections), '--duration', String(duration),
      '--headers', `authorization=Bearer ${token}`, url,
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.slice(0, 500)}`));
      try {
        resolvePromise(JSON.parse(out) as AutocannonJson);
      } catch (e) {
        reject(new Error(`autocannon output is not JSON: ${out.slice(0, 300)} (${String(e)})`));
      }
    });
  });
}

/** The `sub` claim of a token (read, not verified: the bench made the token itself). */
const subOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;

/**
 * The floor for lookupAccount: a bare Node HTTP handler in this process, beside the local API,
 * doing lookupAccount's DynamoDB reads with the same SDK clients (the repositories' own calls:
 * the user row through the cached-middleware client, then the org and member rows when the user
 * has an org) and answering the rows as JSON. No middy, zod, logger or JWT check; the user id is
 * in the query.
 */
async function startFloorServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const { usersRepo } = await import('../lambdas/adapters/users-repo');
  const { orgsRepo } = await import('../lambdas/adapters/orgs-repo');
  const server = createServer((req, res) => {
    const userId = new URL(req.url ?? '/', 'http://floor').searchParams.get('userId') ?? '';
    void (async () => {
      const user = await usersRepo.get(userId);
      if (!user) return { status: 404, body: { code: 'account_not_ready' } };
      const [org, member] = user.orgId ? await Promise.all([orgsRepo.getOrg(user.orgId), orgsRepo.getMember(user.orgId, user.userId)]) : [];
      return { status: 200, body: { user, org, member } };
    })()
      .catch(() => ({ status: 500, body: { code: 'internal' } }))
      .then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Self time per package or file of a V8 CPU profile, and the top functions. */
function summariseProfile(profile: { nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = (url: string, fn: string) => {
    if (!url) return fn.startsWith('(') ? fn : 'node internals (native)';
    const path = url.replace(/^file:\/\//, '');
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    if (pkg) return pkg[1];
    if (path.startsWith('node:')) return `node:${path.slice(5).split('/')[0]}`;
    return relative(root, path);
  };
  const buckets = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    if (n.callFrame.functionName === '(idle)') return;
    total += ms;
    const b = where(n.callFrame.url, n.callFrame.functionName);
    buckets.set(b, (buckets.get(b) ?? 0) + ms);
    const f = `${n.callFrame.functionName || '(anonymous)'} ${b}:${n.callFrame.lineNumber + 1}`;
    fns.set(f, (fns.get(f) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  return `  busy ${total.toFixed(0)} ms of this process; self time by package / file:\n${top(buckets, 14)}\n  top functions (self time):\n${top(fns, 12)}`;
}

async function bench(stack: LocalStack, s: Scenario, connections = CONNECTIONS, duration = DURATION, profileAs?: string): Promise<Row> {
  // Warm-up: loads the handler module and its clients, and checks the route answers 200.
  const isFloor = !s.path.startsWith('/');
  for (let i = 0; i < 20; i++) {
    if (!isFloor) await api(stack, 'GET', s.path, s.token);
    else if (!(await fetch(s.path)).ok) throw new Error(`floor handler: ${s.path} does not answer 200`);
  }
  const session = profileAs ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpuBefore = stackCpuMs();
  const r = await autocannon(isFloor ? s.path : stack.urls.api + s.path, s.token, connections, duration);
  const cpuAfter = stackCpuMs();
  if (session && profileAs) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const dir = join(root, '.local/bench-api');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${profileAs}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    profiles.push(`${s.label} (${relative(root, file)}):\n${summariseProfile(profile)}`);
  }
  return {
    label: s.label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
    non2xx: r.non2xx, errors: r.errors + r.timeouts, requests: r.requests.total,
    cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total ? (cpuAfter - cpuBefore) / r.requests.total : undefined,
  };
}

const profiles: string[] = [];

const medianRow = (runs: Row[]): Row => {
  const m = median(runs.map((r) => r.cpuMsPerRequest ?? 0));
  return runs.find((r) => (r.cpuMsPerRequest ?? 0) === m) ?? runs[0];
};
let floorSummary: ReturnType<typeof summariseAlternations> | undefined;

/** The floor and its route: both warmed, then measured in turn; answers the median run of each. */
async function floorAndRoute(stack: LocalStack, floor: Scenario, route: Scenario): Promise<Row[]> {
  process.stdout.write(`… warming both (${WARM_SECONDS} s each)\n`);
  await bench(stack, floor, CONNECTIONS, WARM_SECONDS);
  await bench(stack, route, CONNECTIONS, WARM_SECONDS);
  const floors: Row[] = [];
  const routes: Row[] = [];
  for (let i = 1; i <= FLOOR_ALTERNATIONS; i++) {
    const last = i === FLOOR_ALTERNATIONS;
    process.stdout.write(`… ${i}/${FLOOR_ALTERNATIONS} ${floor.label}\n`);
    floors.push(await bench(stack, floor, CONNECTIONS, DURATION, PROFILE && last ? 'floor' : undefined));
    process.stdout.write(`… ${i}/${FLOOR_ALTERNATIONS} ${route.label}\n`);
    routes.push(await bench(stack, route, CONNECTIONS, DURATION, PROFILE && last ? 'lookupAccount' : undefined));
  }
  const cpu = (r: Row) => r.cpuMsPerRequest;
  if (floors.every((r) => cpu(r)) && routes.every((r) => cpu(r) !== undefined)) {
    floorSummary = summariseAlternations(floors.map((f, i) => ({ floorCpuMs: cpu(f)!, routeCpuMs: cpu(routes[i])! })));
    console.log(`floor / route CPU ms/req per alternation: ${floors.map((f, i) => `${cpu(f)!.toFixed(2)} / ${cpu(routes[i])!.toFixed(2)}`).join(', ')}`);
  }
  return [medianRow(floors), medianRow(routes)];
}

const withinBudget = (r: Row) => r.p99 <= BUDGET.p99Ms && r.errors === 0 && r.non2xx === 0;

function printTable(rows: Row[]) {
  const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'requests', 'CPU ms/req'];
  const body = rows.map((r) => [
    r.label, r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors), String(r.requests),
    r.cpuMsPerRequest === undefined ? '–' : r.cpuMsPerRequest.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(head));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const b of body) console.log(line(b));
}

/** Over budget: the same route at fewer connections (short runs), to say up to where the budget holds. */
async function sweep(stack: LocalStack, s: Scenario) {
  const counts = process.env.BENCH_SWEEP === '0' ? [] : SWEEP.filter((c) => c < CONNECTIONS);
  if (!counts.length) return;
  const duration = Math.min(DURATION, SWEEP_DURATION);
  console.log(`\nlookupAccount at fewer connections (${duration} s each):`);
  const rows: Row[] = [];
  for (const c of counts) rows.push({ ...(await bench(stack, s, c, duration)), label: `${c} connections` });
  printTable(rows);
  // The largest count up to which every count tried stayed within budget.
  const failed = rows.findIndex((r) => !withinBudget(r));
  const holdsUpTo = failed === -1 ? counts.at(-1) : counts[failed - 1];
  console.log(holdsUpTo
    ? `budget: p99 ≤ ${BUDGET.p99Ms} ms holds up to ${holdsUpTo} connections (of ${counts.join('/')})`
    : `budget: p99 ≤ ${BUDGET.p99Ms} ms holds at none of ${counts.join('/')} connections`);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fps-bench-api-'));
  const stack = await startLocalStack({ ports: await randomPorts(), dataDir });
  try {
    console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION} s per route, API ${stack.urls.api}`);
    const seed = await seedDemoData(stack.cognito, dataDir, stack.urls.web);
    const emailOf = (role: string) => seed.accounts.find((a) => a.role.startsWith(role))!.email;
    const [free, premium, admin] = await Promise.all([signIn(stack, emailOf('free')), signIn(stack, emailOf('premium')), signIn(stack, emailOf('org admin'))]);
    const { orgId } = await api<{ orgId: string | null }>(stack, 'GET', '/account', admin);
    if (!orgId) throw new Error('the seeded org admin has no orgId');
    const wanted = (label: string) => !ONLY.length || ONLY.some((o) => label.includes(o));
    const imagesLabel = `listImages (GET /images/, ${IMAGES} images)`;
    const withImages = wanted(imagesLabel) ? await userWithImages(stack, IMAGES) : '';

    const scenarios: Scenario[] = [
      { label: 'lookupAccount (GET /account, free user)', path: '/account', token: free },
      { label: 'lookupAccount includePayments (premium user)', path: '/account?includePayments=true', token: premium },
      { label: 'getOrganizationMembers (org admin)', path: `/orgs/${orgId}/members`, token: admin },
      { label: imagesLabel, path: '/images/', token: withImages },
    ].filter((s) => wanted(s.label));

    const loadAtStart = loadavg().map((l) => l.toFixed(1)).join(' ');
    const floorServer = await startFloorServer();
    const rows: Row[] = [];
    try {
      for (const s of scenarios) {
        if (s.label.startsWith(`${BUDGET.label} (`)) {
          // The floor, measured in the same run right before the route it is the floor of.
          const floor: Scenario = { label: FLOOR_LABEL, path: `${floorServer.url}/account?userId=${encodeURIComponent(subOf(s.token))}`, token: s.token };
          rows.push(...(await floorAndRoute(stack, floor, s)));
          continue;
        }
        process.stdout.write(`… ${s.label}\n`);
        rows.push(await bench(stack, s));
      }
    } finally {
      await floorServer.close();
    }
    // Let requests autocannon left in flight finish before the emulators shut down.
    await new Promise((r) => setTimeout(r, 2000));
    console.log('');
    printTable(rows);
    console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end (2 cores)`);

    if (floorSummary) {
      const { floorCpuMs, routeCpuMs, ratio } = floorSummary;
      const ok = ratio <= BUDGET.cpuTimesFloor;
      console.log(
        `\nbudget: lookupAccount CPU ${routeCpuMs.toFixed(2)} ms/req (median of ${FLOOR_ALTERNATIONS}) = ${ratio.toFixed(2)} × the floor's ${floorCpuMs.toFixed(2)} (median ratio; ≤ ${BUDGET.cpuTimesFloor}) → ${ok ? 'met' : 'NOT MET'}`,
      );
      if (!ok) process.exitCode = 1;
    }
    if (profiles.length) console.log(`\nCPU profiles (this process: the API server, the handlers and the SDK; dynalite runs in a child):\n${profiles.join('\n\n')}`);

    const budgetIndex = rows.findIndex((r) => r.label.startsWith(`${BUDGET.label} (`));
    if (budgetIndex >= 0) {
      const budgetRow = rows[budgetIndex];
      const ok = withinBudget(budgetRow);
      console.log(`\nbudget: lookupAccount p99 ${budgetRow.p99} ms (≤ ${BUDGET.p99Ms}) at ${CONNECTIONS} connections, errors ${budgetRow.errors}, non-2xx ${budgetRow.non2xx} → ${ok ? 'OK' : 'OVER BUDGET'}`);
      if (!ok) {
        process.exitCode = 1;
        await sweep(stack, scenarios[budgetIndex]);
      }
    }
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
