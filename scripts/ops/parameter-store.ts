import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GetParameterCommand, ParameterNotFound, PutParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import * as z from 'zod';

export type ParameterType = 'String' | 'SecureString';

/**
 * Where the set-up scripts keep secrets and ids: SSM Parameter Store in AWS. SSM has no local
 * emulator, so locally a JSON file under .local/ plays its part behind the same two calls.
 */
export interface ParameterStore {
  readonly where: string;
  get(name: string): Promise<string | undefined>;
  put(name: string, value: string, type: ParameterType, overwrite: boolean): Promise<void>;
}

export function ssmParameterStore(ssm: SSMClient): ParameterStore {
  return {
    where: 'SSM Parameter Store',
    async get(name) {
      try {
        const r = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
        return r.Parameter?.Value;
      } catch (e) {
        if (e instanceof ParameterNotFound || (e as { name?: string }).name === 'ParameterNotFound') return undefined;
        throw e;
      }
    },
    async put(name, value, type, overwrite) {
      await ssm.send(new PutParameterCommand({ Name: name, Value: value, Type: type, Overwrite: overwrite }));
    },
  };
}

const FileContent = z.record(z.string(), z.object({ value: z.string(), type: z.enum(['String', 'SecureString']) }));

/** A JSON file standing in for SSM locally (keep it under .local/, which git ignores). */
export function fileParameterStore(file: string): ParameterStore {
  const load = async () => (existsSync(file) ? FileContent.parse(JSON.parse(await readFile(file, 'utf8'))) : {});
  return {
    where: file,
    async get(name) {
      return (await load())[name]?.value;
    },
    async put(name, value, type, overwrite) {
      const all = await load();
      if (all[name] && !overwrite) throw new Error(`Parameter ${name} already exists in ${file}`);
      all[name] = { value, type };
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(all, null, 2) + '\n', { mode: 0o600 });
    },
  };
}

/** Writes the value only when it differs; returns what happened, for the script's report. */
export async function ensureParameter(
  store: ParameterStore, name: string, value: string, type: ParameterType,
): Promise<'created' | 'updated' | 'unchanged'> {
  const current = await store.get(name);
  if (current === value) return 'unchanged';
  await store.put(name, value, type, current !== undefined);
  return current === undefined ? 'created' : 'updated';
}
