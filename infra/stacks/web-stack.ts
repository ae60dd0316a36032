import path from 'node:path';
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct, IConstruct } from 'constructs';
import type { EnvironmentConfig } from '../environments';
import type { z } from 'zod';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { buildContentSecurityPolicy, originOf, SECURITY_HEADERS } from '#shared/web/security-headers';
import { SPA_FALLBACK_FILE } from '#shared/web/spa-fallback';
import { imagesBucketOrigin, resourcePrefix } from '../names';
import { physicalTableName, tables } from '../tables';
import { acknowledgeWildcards } from '../nag';

export interface WebStackProps extends StackProps {
  config: EnvironmentConfig;
  apiUrl: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  oauthDomain: string;
  googleEnabled: boolean;
  /** ACM certificate in us-east-1 for the host of `config.siteUrl`. */
  certificateArn?: string;
  /** Built SPA folder to upload; undefined skips the upload (config.json is always written). */
  webDist?: string;
  /** Mailing-list JSONP endpoint for the newsletter form (its origin is allowed in script-src). */
  newsletterUrl?: string;
  /** Support address shown by the site. */
  supportEmail?: string;
}

/** The Content-Security-Policy of the site (shared builder, strict mode). Exported for tests. */
export function contentSecurityPolicy(p: { config: EnvironmentConfig; apiUrl: string; oauthDomain: string; newsletterUrl?: string }): string {
  const extra = p.config.csp ?? {};
  const images = imagesBucketOrigin(p.config);
  return buildContentSecurityPolicy(
    {
      // The newsletter form is JSONP (a <script> from the mailing-list provider).
      script: [...originOf(p.newsletterUrl), ...(extra.scriptSrc ?? [])],
      img: [images, ...(extra.imgSrc ?? [])],
      // API, Cognito (token endpoint of managed login, user-pool API), presigned S3 uploads/downloads.
      connect: [p.apiUrl, `https://cognito-idp.${Aws.REGION}.amazonaws.com`, `https://${p.oauthDomain}`, images, ...(extra.connectSrc ?? [])],
      frame: extra.frameSrc ?? [],
    },
    { mode: 'strict', upgradeInsecureRequests: true },
  );
}

/**
 * The runtime configuration the SPA fetches from /config.json (one bundle for every env), in the
 * shape of the shared schema `RuntimeConfig` (shared/config/runtime-config.ts).
 */
export function runtimeConfig(p: WebStackProps): z.input<typeof RuntimeConfig> {
  const env = p.config;
  return {
    env: env.name,
    apiUrl: p.apiUrl,
    siteUrl: env.siteUrl,
    auth: {
      mode: 'hosted',
      region: Aws.REGION,
      userPoolId: p.userPool.userPoolId,
      userPoolClientId: p.userPoolClient.userPoolClientId,
      oauthDomain: p.oauthDomain,
      googleEnabled: p.googleEnabled,
    },
    extensionOrigins: env.extensionOrigins,
    ...(p.newsletterUrl ? { newsletterUrl: p.newsletterUrl } : {}),
    stripeLiveMode: env.stripeLiveMode,
    adminConsole: {
      region: Aws.REGION,
      usersTable: physicalTableName(resourcePrefix(env), tables.users),
      orgsTable: physicalTableName(resourcePrefix(env), tables.orgs),
    },
    ...(p.supportEmail ? { supportEmail: p.supportEmail } : {}),
  };
}

/**
 * Viewer-request rewrite: a page path (no file extension in its last segment) is looked up as its
 * own `<path>/index.html`, which the build writes for every prerendered marketing page and for the
 * fixed app paths. S3 has no directory index behind OAC, and `defaultRootObject` covers '/' only.
 * Paths without such a file still get the SPA fallback below. Exported for tests.
 */
export const PAGE_INDEX_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri !== '/' && !/\\.[^/]*$/.test(uri)) request.uri = uri.replace(/\\/+$/, '') + '/index.html';
  return request;
}`;

/**
 * The website: a private bucket served by CloudFront through Origin Access Control, SPA fallback,
 * security headers with a CSP, the built SPA (when there is one) and the runtime config.json.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const env = props.config;
    const removalPolicy = env.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // CloudFront standard logs need ACLs on the target bucket (BUCKET_OWNER_PREFERRED).
    const logs = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(env.retainData ? 365 : 30) }],
      removalPolicy,
      autoDeleteObjects: !env.retainData,
    });
    // AwsSolutions-S1: this is the log sink (CloudFront and S3 access logs); logging it would be recursive.
    Validations.of(logs).acknowledge({ id: 'AwsSolutions-S1', reason: 'Log sink for CloudFront and S3 access logs; logging it would be recursive.' });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy,
      autoDeleteObjects: !env.retainData,
    });

    // The values come from shared/web/security-headers.ts, which the local web server uses too.
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `fps ${env.name} security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ ...props }), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hsts.maxAgeSeconds),
          includeSubdomains: SECURITY_HEADERS.hsts.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as cloudfront.HeadersReferrerPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: SECURITY_HEADERS.permissionsPolicy, override: true }],
      },
    });

    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const host = new URL(env.siteUrl).host;
    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    const pageIndex = new cloudfront.Function(this, 'PageIndexFunction', {
      comment: `fps ${env.name}: /path -> /path/index.html (prerendered pages)`,
      code: cloudfront.FunctionCode.fromInline(PAGE_INDEX_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `fps ${env.name} site`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: pageIndex, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Read on every page load; never cached, so a deploy takes effect at once.
        '/config.json': {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: headers,
        },
      },
      // SPA fallback: unknown paths (S3 answers 403 through OAC for a missing key) get the app shell.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus, responseHttpStatus: 200, responsePagePath: `/${SPA_FALLBACK_FILE}`, ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: certificate ? [host] : undefined,
      certificate,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    const dist = this.distribution;
    // AwsSolutions-CFR1 (warning): the product sells worldwide; no country is excluded.
    Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'Worldwide audience; no geo restriction by design.' });
    // AwsSolutions-CFR2 (warning): static SPA from a private bucket, no server-side input; the
    // dynamic surface is the API (throttled, JWT). A WAF web ACL can be attached per env later.
    Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR2', reason: 'Static files only; the API has its own throttling and auth. WAF optional per environment.' });
    if (!certificate) {
      // AwsSolutions-CFR4: with the default *.cloudfront.net certificate CloudFront fixes the
      // minimum protocol at TLSv1; with -c certificateArn=... TLSv1.2_2021 applies.
      Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR4', reason: 'Default CloudFront certificate (no certificateArn given); TLSv1.2_2021 is set for custom domains.' });
    }

    const deployments: s3deploy.BucketDeployment[] = [];
    if (props.webDist) {
      // Hashed build output: immutable. Old hashes are kept (prune: false) for open tabs.
      deployments.push(new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(path.join(props.webDist, 'assets'))],
        destinationBucket: this.siteBucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      }));
      // Everything else (index.html, icons, robots.txt): revalidated on each request.
      deployments.push(new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(props.webDist, { exclude: ['assets/**', 'config.json'] })],
        destinationBucket: this.siteBucket,
        exclude: ['assets/*', 'config.json'],
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: dist,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      }));
    }
    const config = new s3deploy.BucketDeployment(this, 'DeployConfig', {
      sources: [s3deploy.Source.jsonData('config.json', runtimeConfig(props))],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: dist,
      distributionPaths: ['/config.json'],
      memoryLimit: 512,
    });
    for (const d of deployments) config.node.addDependency(d);

    this.acknowledgeBucketDeploymentHandler();

    new CfnOutput(this, 'DistributionDomain', { value: dist.distributionDomainName });
    new CfnOutput(this, 'SiteUrl', { value: certificate ? env.siteUrl : `https://${dist.distributionDomainName}` });
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
          finding: /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-<AWS::Region>\/\*$/,
          reason: 'Reads the deployment assets from the CDK bootstrap asset bucket.',
        },
        {
          finding: /^Resource::<SiteBucket[A-Za-z0-9]+\.Arn>\/\*$/,
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
