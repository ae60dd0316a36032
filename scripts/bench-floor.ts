/**
 * The floor comparison of bench:api: the floor and the route, each warmed, measured in turn
 * (floor, route, floor, route, …) so both see the same machine load, and summed up by medians.
 */
export interface Alternation { floorCpuMs: number; routeCpuMs: number }

export const median = (xs: readonly number[]): number => {
  if (!xs.length) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Medians of each side and of the per-alternation ratio (route ÷ floor, the budget's measure). */
export function summariseAlternations(runs: readonly Alternation[]) {
  return {
    floorCpuMs: median(runs.map((r) => r.floorCpuMs)),
    routeCpuMs: median(runs.map((r) => r.routeCpuMs)),
    ratio: median(runs.map((r) => r.routeCpuMs / r.floorCpuMs)),
  };
}
