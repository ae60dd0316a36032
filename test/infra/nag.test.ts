import { describe, expect, it } from 'vitest';
import { synth, type EnvName } from './helpers';

const describeFindings = (n: ReturnType<typeof synth>['nag']) =>
  n.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe('cdk-nag AwsSolutions', () => {
  it.each<EnvName>(['dev', 'staging', 'master'])('%s has no unacknowledged findings', (env) => {
    const { nag } = synth(env);
    expect(describeFindings(nag).filter((f) => f.startsWith('error'))).toEqual([]);
    expect(describeFindings(nag)).toEqual([]);
  });

  it('stays clean with the optional Google IdP and custom certificate', () => {
    // The sample settings give master both (helpers.ts SAMPLE_ENVIRONMENTS).
    const { nag } = synth('master');
    expect(describeFindings(nag)).toEqual([]);
  });
});
