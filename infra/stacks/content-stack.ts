import path from 'node:path';
import { Aws, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct, IConstruct } from 'constructs';
import type { z } from 'zod';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import type { EnvironmentConfig } from '../environments';
import { resourcePrefix, siteBucketName } from '../names';
import { acknowledgeWildcards } from '../nag';
import { physicalTableName, tables } from '#shared/deploy/tables';

export interface RuntimeConfigProps {
  config: EnvironmentConfig;
  apiUrl: string;
  /** The site's URL as served (infra/site-url.ts). */
  siteUrl: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  oauthDomain: string;
  googleEnabled: boolean;
}

export interface ContentStackProps extends StackProps, RuntimeConfigProps {
  distribution: cloudfront.IDistribution;
  /** Built SPA folder to upload; undefined skips the upload (config.json is always written). */
  webDist?: string;
}

/**
 * The runtime configuration the SPA fetches from /config.json (one bundle for every env), in the
 * shape of the shared schema `RuntimeConfig` (shared/config/runtime-config.ts).
 */
export function runtimeConfig(p: RuntimeConfigProps): z.input<typeof RuntimeConfig> {
  const env = p.config;
  return {
    env: env.name,
    apiUrl: p.apiUrl,
    siteUrl: p.siteUrl,
    auth: {
      mode: 'hosted',
      region: Aws.REGION,
      userPoolId: p.userPool.userPoolId,
      userPoolClientId: p.userPoolClient.userPoolClientId,
      oauthDomain: p.oauthDomain,
      googleEnabled: p.googleEnabled,
    },
    extensionOrigins: env.extensionOrigins,
    ...(env.newsletterUrl ? { newsletterUrl: env.newsletterUrl } : {}),
    stripeLiveMode: env.stripeLiveMode,
    adminConsole: {
      region: Aws.REGION,
      usersTable: physicalTableName(resourcePrefix(env), tables.users),
      orgsTable: physicalTableName(resourcePrefix(env), tables.orgs),
    },
    ...(env.supportEmail ? { supportEmail: env.supportEmail } : {}),
  };
}

/**
 * What the site serves: the built SPA (when there is one) and config.json, written last because
 * it carries the API URL and the user pool of the stacks before it.
 */
export class ContentStack extends Stack {
  constructor(scope: Construct, id: string, props: ContentStackProps) {
    super(scope, id, props);
    const dist = props.distribution;
    // By its deterministic name (same account and region as the web stack), not a stack output.
    const siteBucket = s3.Bucket.fromBucketName(this, 'SiteBucket', siteBucketName(props.config));
    const deployments: s3deploy.BucketDeployment[] = [];
    if (props.webDist) {
      // Hashed build output: immutable. Old hashes are kept (prune: false) for open tabs.
      deployments.push(new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(path.join(props.webDist, 'assets'))],
        destinationBucket: siteBucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      }));
      // Everything else (index.html, icons, robots.txt): revalidated on each request.
      deployments.push(new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(props.webDist, { exclude: ['assets/**', 'config.json'] })],
        destinationBucket: siteBucket,
        exclude: ['assets/*', 'config.json'],
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: dist,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      }));
    }
    const config = new s3deploy.BucketDeployment(this, 'DeployConfig', {
      sources: [s3deploy.Source.jsonData('config.json', runtimeConfig(props))],
      destinationBucket: siteBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: dist,
      distributionPaths: ['/config.json'],
      memoryLimit: 512,
    });
    for (const d of deployments) config.node.addDependency(d);
    this.acknowledgeBucketDeploymentHandler();
  }

  /**
   * BucketDeployment runs one CDK-provided singleton Lambda per stack. Its role, runtime and
   * permissions are fixed by aws-cdk-lib; acknowledge its findings on that construct only.
   */
  private acknowledgeBucketDeploymentHandler(): void {
    const handlers = this.node.children.filter((c: IConstruct) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    for (const handler of handlers) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK BucketDeployment handler role (aws-cdk-lib managed); only basic logging.',
      });
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'Runtime of the CDK BucketDeployment handler is chosen by aws-cdk-lib.',
      });
      acknowledgeWildcards(handler, [
        {
          finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
          reason: 'CDK BucketDeployment copies/prunes objects between the asset bucket and the site bucket (aws-cdk-lib grant).',
        },
        {
          finding: /^Resource::arn:(<AWS::Partition>|aws):s3:::cdk-[a-z0-9]+-assets-(<AWS::AccountId>|\d{12})-(<AWS::Region>|[a-z]{2}(-[a-z]+)+-\d)\/\*$/,
          reason: 'Reads the deployment assets from the CDK bootstrap asset bucket.',
        },
        {
          finding: /^Resource::arn:(<AWS::Partition>|aws):s3:::fps-(dev|staging|master)-site-<AWS::AccountId>-<AWS::Region>\/\*$/,
          reason: 'Writes the site files into the private site bucket.',
        },
        {
          finding: /^Resource::\*$/,
          reason: 'cloudfront:CreateInvalidation/GetInvalidation do not support resource-level scoping in the CDK grant.',
        },
      ]);
    }
  }
}
