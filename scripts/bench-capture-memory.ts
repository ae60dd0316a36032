/**
 * Memory of one Chromium instance, read from /proc (Linux), for the capture benchmark.
 *
 * Every process of the browser is found from its --user-data-dir (the browser process) and the
 * parent links below it (zygotes, renderers, GPU, utilities), then grouped by role:
 *   extension – renderers started with --extension-process: the service worker, the editor tab and
 *               its encoder worker all run there;
 *   page      – the other renderers (the page being captured);
 *   gpu, browser, other – the GPU process (canvas rasterisation and compositing end up there when
 *               they leave the renderer), the browser process (captureVisibleTab encodes the PNGs
 *               there) and utilities (network, storage).
 * Each process counts with its PSS (smaps_rollup), so shared memory (a canvas handed to the
 * compositor, for instance) is split between the processes that map it instead of counted twice.
 */
import { readFile, readdir } from 'node:fs/promises';

type Role = 'extension' | 'page' | 'gpu' | 'browser' | 'other';
type MemoryByRole = Record<Role, number>;

const ROLES: Role[] = ['extension', 'page', 'gpu', 'browser', 'other'];

interface Proc {
  pid: number;
  ppid: number;
  cmd: string;
}

async function listProcs(): Promise<Proc[]> {
  const out: Proc[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may contain spaces: fields start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = (await readFile(`/proc/${name}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      out.push({ pid: Number(name), ppid, cmd });
    } catch {
      /* process gone */
    }
  }
  return out;
}

function roleOf(p: Proc, browserPid: number): Role {
  if (p.pid === browserPid) return 'browser';
  if (p.cmd.includes('--type=renderer')) return p.cmd.includes('--extension-process') ? 'extension' : 'page';
  if (p.cmd.includes('--type=gpu-process')) return 'gpu';
  return 'other';
}

/** The browser process of the profile in `userDataDir` and all its descendants. */
async function browserProcesses(userDataDir: string): Promise<Array<{ pid: number; role: Role }>> {
  const procs = await listProcs();
  const root = procs.find((p) => p.cmd.includes(`--user-data-dir=${userDataDir}`) && !p.cmd.includes('--type='));
  if (!root) throw new Error(`no browser process for ${userDataDir}`);
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Array<{ pid: number; role: Role }> = [];
  const walk = (p: Proc) => {
    out.push({ pid: p.pid, role: roleOf(p, root.pid) });
    for (const c of children.get(p.pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

async function pssBytes(pid: number): Promise<number> {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0; // process gone
  }
}

/** PSS in bytes per role, summed over `procs` (default: the browser's processes now). */
async function memoryByRole(userDataDir: string, procs?: Array<{ pid: number; role: Role }>): Promise<MemoryByRole> {
  const sums = Object.fromEntries(ROLES.map((r) => [r, 0])) as MemoryByRole;
  const pss = await Promise.all((procs ?? (await browserProcesses(userDataDir))).map(async (p) => ({ role: p.role, bytes: await pssBytes(p.pid) })));
  for (const { role, bytes } of pss) sums[role] += bytes;
  return sums;
}

/** Re-listing every process of a busy machine takes long: the tree is refreshed this often. */
const RELIST_MS = 1000;

const total = (m: MemoryByRole) => ROLES.reduce((s, r) => s + m[r], 0);

export interface MemoryPeaks {
  /** Before the click. */
  baseline: MemoryByRole;
  /** Highest sum of the extension's processes seen. */
  extensionPeak: number;
  /** Highest sum over all the browser's processes seen, minus the same sum before the click. */
  browserGrowthPeak: number;
  /** Per role, the highest value seen (not necessarily at the same moment). */
  peakByRole: MemoryByRole;
  samples: number;
}

/** Samples every `intervalMs` until stop() is called; stop() resolves to the peaks. */
export async function sampleMemory(userDataDir: string, intervalMs = 50): Promise<{ stop(): Promise<MemoryPeaks> }> {
  const baseline = await memoryByRole(userDataDir);
  const peaks: MemoryPeaks = { baseline, extensionPeak: baseline.extension, browserGrowthPeak: 0, peakByRole: { ...baseline }, samples: 1 };
  let running = true;
  const t0 = performance.now();
  // BENCH_TRACE=1 prints every sample: where in the capture the memory goes.
  const trace = process.env.BENCH_TRACE === '1';
  let procs = await browserProcesses(userDataDir);
  let listedAt = performance.now();
  const loop = (async () => {
    while (running) {
      if (performance.now() - listedAt > RELIST_MS) {
        procs = await browserProcesses(userDataDir); // renderers come and go
        listedAt = performance.now();
      }
      const m = await memoryByRole(userDataDir, procs);
      peaks.samples += 1;
      if (trace) console.log(`    ${((performance.now() - t0) / 1000).toFixed(2)} s: ${ROLES.map((r) => `${r} ${mb(m[r]).toFixed(0)}`).join(', ')}`);
      peaks.extensionPeak = Math.max(peaks.extensionPeak, m.extension);
      peaks.browserGrowthPeak = Math.max(peaks.browserGrowthPeak, total(m) - total(baseline));
      for (const r of ROLES) peaks.peakByRole[r] = Math.max(peaks.peakByRole[r], m[r]);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peaks;
    },
  };
}

export const mb = (bytes: number) => bytes / 2 ** 20;
