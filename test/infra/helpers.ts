import { vi } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStacks, createApp, type FpsStacks } from '../../infra/build';

export type EnvName = 'dev' | 'staging' | 'master';

// A synth is a few CPU-seconds; tests that synthesise another variant get headroom on a busy
// machine (the root config's default is 30 s).
vi.setConfig({ testTimeout: 120_000 });

export interface Synthesised {
  stacks: FpsStacks;
  edge: Template;
  web: Template;
  data: Template;
  auth: Template;
  api: Template;
  content: Template;
  ops: Template;
  /** cdk-nag AwsSolutions findings left after acknowledgements. */
  nag: ReturnType<AwsSolutionsChecks['validateScope']>;
}

const cache = new Map<string, Synthesised>();

/**
 * Staging and master refuse placeholder settings, so tests give them real-looking ones the way an
 * operator does: an environments file (-c environmentsFile=...), here the committed sample.
 */
export const SAMPLE_ENVIRONMENTS = 'infra/environments.sample.json';

/**
 * Builds and synthesises one environment once per test file, without bundling (context
 * `aws:cdk:bundling-stacks: []`), so the infra suite stays fast. `context` adds -c values.
 */
export function synth(env: EnvName, context: Record<string, unknown> = {}): Synthesised {
  const key = JSON.stringify([env, context]);
  const hit = cache.get(key);
  if (hit) return hit;
  const app = createApp({ env, 'aws:cdk:bundling-stacks': [], ...(env === 'dev' ? {} : { environmentsFile: SAMPLE_ENVIRONMENTS }), ...context });
  const stacks = buildStacks(app);
  const assembly = app.synth();
  const tpl = (name: string) => Template.fromJSON(assembly.getStackByName(name).template as Record<string, unknown>);
  const out: Synthesised = {
    stacks,
    edge: tpl(stacks.edge.stackName),
    web: tpl(stacks.web.stackName),
    data: tpl(stacks.data.stackName),
    auth: tpl(stacks.auth.stackName),
    api: tpl(stacks.api.stackName),
    content: tpl(stacks.content.stackName),
    ops: tpl(stacks.ops.stackName),
    // After synth: aspects (which record some acknowledgements) have run.
    nag: new AwsSolutionsChecks().validateScope(app),
  };
  cache.set(key, out);
  return out;
}

/** Synthesised CloudFormation is untyped JSON; tests read it freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CfnJson = any;
type Resource = { Type: string; Properties: Record<string, CfnJson>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

export const resourcesOf = (t: Template, type: string): [string, Resource][] =>
  Object.entries(t.findResources(type)) as [string, Resource][];

/** Flattens a CloudFormation value (Fn::Join of strings and refs) to text, refs as <...>. */
export function flat(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(flat).join(',');
  if (v && typeof v === 'object') {
    const o = v as Record<string, CfnJson>;
    if (o['Fn::Join']) return (o['Fn::Join'][1] as unknown[]).map(flat).join(o['Fn::Join'][0]);
    if (o.Ref) return `<${o.Ref}>`;
    if (o['Fn::GetAtt']) return `<${o['Fn::GetAtt'].join('.')}>`;
    if (o['Fn::GetStackOutput']) return `<output:${o['Fn::GetStackOutput'].OutputName}>`;
    if (o['Fn::ImportValue']) return `<import:${flat(o['Fn::ImportValue'])}>`;
    if (o['Fn::Sub']) return flat(o['Fn::Sub']);
  }
  return JSON.stringify(v);
}
