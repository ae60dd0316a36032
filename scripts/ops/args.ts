import * as z from 'zod';

/**
 * `--name value` and bare `--flag` (true) into an object checked by a zod schema; a wrong or missing
 * option ends the script with the schema's message and the usage text, not a stack trace.
 */
export function parseArgs<T extends z.ZodType>(argv: string[], schema: T, usage: string): z.infer<T> {
  const raw: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}"`, usage);
    const key = arg.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) raw[key] = true;
    else {
      raw[key] = next;
      i++;
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`);
    throw new UsageError(problems.join('\n'), usage);
  }
  return parsed.data;
}

export class UsageError extends Error {
  constructor(message: string, readonly usage: string) {
    super(message);
  }
}

/** Runs a script's main, printing usage errors plainly and exiting non-zero on any failure. */
export function runMain(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    if (e instanceof UsageError) console.error(`${e.message}\n\n${e.usage}`);
    else console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  });
}

export const EnvName = z.enum(['dev', 'staging', 'master']);
