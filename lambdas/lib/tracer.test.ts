import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The X-Ray SDK's async-hook namespaces (cls-hooked keeps them on `process`) once the handler chain has loaded. */
async function namespacesAfterLoad(extraEnv: Record<string, string>): Promise<string[]> {
  const env = { ...process.env, ...extraEnv };
  delete env.AWS_XRAY_MANUAL_MODE;
  if (!extraEnv.AWS_EXECUTION_ENV) delete env.AWS_EXECUTION_ENV;
  const script = "await import('./lambdas/lib/define-handler.ts'); await import('./lambdas/lib/tracer.ts').then((t) => t.tracer()); console.log(JSON.stringify(Object.keys(process.namespaces ?? {})));";
  const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

describe('the tracer outside and inside Lambda', () => {
  it('outside Lambda, loading the handler chain starts no X-Ray async hook (it ran on every promise of the local stack and the tests)', async () => {
    expect(await namespacesAfterLoad({})).toEqual([]);
  });

  it('in Lambda, the X-Ray SDK starts in automatic mode, as the Tracer needs', async () => {
    expect(await namespacesAfterLoad({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' })).toEqual(['AWSXRay']);
  });
}, 30_000);
