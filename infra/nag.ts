import { Aspects, Stack, Validations, type IAspect } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 acknowledges IAM5 (wildcard) findings one by one, as `AwsSolutions-IAM5[<finding>]`.
 * For roles that CDK itself generates (BucketDeployment's handler), the exact resource strings are
 * only known once the policy is complete, so this aspect computes each finding the way cdk-nag
 * does and acknowledges those that match an explained pattern. Anything unmatched stays an error.
 */
export interface WildcardRule {
  /** Matched against the finding, e.g. `Action::s3:GetObject*` or `Resource::<Bucket.Arn>/*`. */
  finding: RegExp;
  reason: string;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface Statement { Effect?: string; Action?: string | string[]; Resource?: unknown }

/** The IAM5 findings cdk-nag would report for one policy document (see IAMNoWildcardPermissions). */
function iam5Findings(document: { Statement?: Statement[] } | undefined): string[] {
  const out = new Set<string>();
  for (const st of document?.Statement ?? []) {
    if (st.Effect !== 'Allow') continue;
    for (const a of asArray(st.Action)) if (a.includes('*')) out.add(`Action::${a}`);
    for (const r of asArray(st.Resource as unknown)) {
      const flat = flattenCfnReference(r);
      if (flat.includes('*')) out.add(`Resource::${flat}`);
    }
  }
  return [...out];
}

class AcknowledgeWildcards implements IAspect {
  constructor(private readonly rules: WildcardRule[]) {}

  visit(node: IConstruct): void {
    const docs: unknown[] = [];
    const stack = Stack.of(node);
    if (node instanceof iam.CfnPolicy) docs.push(stack.resolve(node.policyDocument));
    else if (node instanceof iam.CfnRole) {
      for (const p of asArray(stack.resolve(node.policies) as { policyDocument: unknown }[])) docs.push(stack.resolve(p.policyDocument));
    } else return;
    for (const doc of docs) {
      for (const finding of iam5Findings(doc as { Statement?: Statement[] })) {
        const rule = this.rules.find((r) => r.finding.test(finding));
        if (rule) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: rule.reason });
      }
    }
  }
}

/** Acknowledges the matching IAM5 findings on the IAM policies inside `scope` (only there). */
export function acknowledgeWildcards(scope: IConstruct, rules: WildcardRule[]): void {
  Aspects.of(scope).add(new AcknowledgeWildcards(rules));
}
