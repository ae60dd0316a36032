/** The Stripe emulator's fault switch (scripts/local/stripe-emulator/faults.ts), over HTTP. */

const base = () => process.env.STRIPE_API_BASE ?? process.env.FPS_STRIPE_URL!;

export interface StripeFault {
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  count?: number;
  status?: number;
  hang_ms?: number;
  after?: boolean;
}

export async function armStripeFault(fault: StripeFault): Promise<void> {
  const r = await fetch(`${base()}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (!r.ok) throw new Error(`fault not armed: ${r.status} ${await r.text()}`);
}

/** Faults still armed (not used up). */
export async function armedStripeFaults(): Promise<unknown[]> {
  return ((await (await fetch(`${base()}/_emulator/faults`)).json()) as { data: unknown[] }).data;
}

export async function clearStripeFaults(): Promise<void> {
  await fetch(`${base()}/_emulator/faults`, { method: 'DELETE' });
}
