import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from '../environments';
import { resourcePrefix } from '../names';

export interface EdgeStackProps extends StackProps {
  config: EnvironmentConfig;
}

/** AWS managed rule groups in front of the site, in priority order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true,
});

/**
 * The WAF web ACL of the CloudFront distribution. A CLOUDFRONT-scope web ACL can only be made in
 * us-east-1, so this stack is pinned there and the web stack reads the ACL's ARN through CDK's
 * cross-region references (an SSM parameter written here, read by a custom resource there).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const env = props.config;
    const prefix = resourcePrefix(env);
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-site`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${prefix}-site`),
      rules: [
        // Per client IP over a 5-minute window: a scraper or a password sprayer, not a busy office.
        {
          name: 'RateLimitPerIp', priority: 0, action: { block: {} },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: env.wafRateLimitPer5Min } },
          visibilityConfig: visibility(`${prefix}-rate`),
        },
        ...MANAGED_RULE_GROUPS.map((name, i) => ({
          name, priority: i + 1, overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
          visibilityConfig: visibility(`${prefix}-${name}`),
        })),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
