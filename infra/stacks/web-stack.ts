import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from '../environments';
import { buildContentSecurityPolicy, originOf, SECURITY_HEADERS } from '#shared/web/security-headers';
import { SPA_FALLBACK_FILE } from '#shared/web/spa-fallback';
import { SHARE_PATH_PREFIX } from '#shared/domain/share-link';
import { nestedAppPaths, nestedPageFiles } from '#shared/web/nested-paths';
import { imagesBucketOrigin, oauthDomainOf, siteBucketName } from '../names';
import { siteOf, type Site } from '../site-url';

export interface WebStackProps extends StackProps {
  config: EnvironmentConfig;
  /** WAFv2 web ACL (scope CLOUDFRONT, made in us-east-1 by the edge stack). */
  webAclArn?: string;
}

/**
 * Where the SPA may connect to the API. The API's id is made by a later stack (which needs this
 * distribution's domain for CORS and SITE_URL), so the policy names the regional execute-api
 * host pattern instead of the one API: the price of a site that works after one deploy.
 */
export const apiConnectSource = () => `https://*.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;

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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Paths under the app's nested routes (/checkout/<stage>, /enterprise/account/<section>), from shared/web/nested-paths.ts. */
const NESTED_APP_PATH = `^(?:${nestedAppPaths.map(escapeRegExp).join('|')})\\/`;
/** The nested paths that have a page file of their own. */
const NESTED_PAGE_FILE = `^(?:${nestedPageFiles.map(escapeRegExp).join('|')})$`;

/**
 * Viewer-request rewrite: a page path (no file extension in its last segment) is looked up as its
 * own `<path>/index.html`, which the build writes for every prerendered marketing page and for the
 * fixed app paths. S3 has no directory index behind OAC, and `defaultRootObject` covers '/' only.
 * A path under the app's nested routes without a file of its own (/checkout/success) gets the SPA
 * shell. Any other path has no file: S3 answers 403 and the distribution answers 404 with the SPA
 * shell, which shows Page not found (below). Exported for tests.
 */
export const PAGE_INDEX_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri !== '/' && !/\\.[^/]*$/.test(uri)) {
    var path = uri.replace(/\\/+$/, '');
    request.uri = /${NESTED_APP_PATH}/.test(path) && !/${NESTED_PAGE_FILE}/.test(path) ? '/${SPA_FALLBACK_FILE}' : path + '/index.html';
  }
  return request;
}`;

/** How long CloudFront keeps a share page, gone page or image redirect at most: a revoke or expiry shows within it. */
const SHARE_MAX_TTL_SECONDS = 60;

/**
 * Whether share links live on the site's own domain (`<siteUrl>/s/<token>`, CloudFront forwarding
 * to the API): only with a certificate. Then the site's domain is a fixed name, nothing made by
 * this stack is needed by the API stack, and this stack can name the API (deployed before it).
 * Without one, the API needs this distribution's generated domain (SITE_URL, CORS), so the
 * distribution cannot also need the API's: links are served at the API's own address.
 */
export const sharesOnSiteDomain = (env: Pick<EnvironmentConfig, 'certificateArn'>): boolean => !!env.certificateArn;

/**
 * Sends `/s/*` (share pages and their image redirects) to the API, cached by path and the
 * `download` flag for at most 60 s, with the pages' own headers (their CSP, no-referrer, noindex)
 * kept: CloudFront adds HSTS and fills in only what the API did not send.
 */
export function addSharePathBehavior(web: WebStack, apiUrl: string): void {
  const cachePolicy = new cloudfront.CachePolicy(web, 'SharePageCache', {
    comment: 'fps share pages: at most 60 s, so a revoke or expiry shows within a minute',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(SHARE_MAX_TTL_SECONDS),
    maxTtl: Duration.seconds(SHARE_MAX_TTL_SECONDS),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('download'),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const headers = new cloudfront.ResponseHeadersPolicy(web, 'ShareHeaders', {
    comment: 'fps share pages: the API sets CSP, referrer and robots; CloudFront only fills gaps',
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hsts.maxAgeSeconds),
        includeSubdomains: SECURITY_HEADERS.hsts.includeSubdomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: false },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: false },
      contentSecurityPolicy: { contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'", override: false },
    },
    customHeadersBehavior: { customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex, nofollow', override: false }] },
  });
  // https://<id>.execute-api.<region>.amazonaws.com → its host.
  const apiHost = Fn.select(2, Fn.split('/', apiUrl));
  web.distribution.addBehavior(`${SHARE_PATH_PREFIX}*`, new origins.HttpOrigin(apiHost, {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
  }), {
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy,
    responseHeadersPolicy: headers,
    compress: true,
  });
}

/**
 * The website's delivery: a private bucket served by CloudFront through Origin Access Control,
 * SPA fallback, security headers with a CSP and the WAF. Deployed first, so the other stacks can
 * use the distribution's domain; the files and config.json go up with the content stack.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly site: Site;

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
      bucketName: siteBucketName(env),
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
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({
          config: env, apiUrl: apiConnectSource(), oauthDomain: oauthDomainOf(env), newsletterUrl: env.newsletterUrl,
        }), override: true },
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
    const certificate = env.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', env.certificateArn)
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
      // Unknown paths (S3 answers 403 through OAC for a missing key): 404 with the app shell, which
      // shows Page not found. The app's own routes never get here (the viewer-request function).
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus, responseHttpStatus: 404, responsePagePath: `/${SPA_FALLBACK_FILE}`, ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: certificate ? [host] : undefined,
      certificate,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
    });
    const dist = this.distribution;
    // AwsSolutions-CFR1 (warning): the product sells worldwide; no country is excluded.
    Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'Worldwide audience; no geo restriction by design.' });
    if (!props.webAclArn) {
      Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR2', reason: 'Only when built without the edge stack (tests of the web stack alone).' });
    }
    if (!certificate) {
      // AwsSolutions-CFR4: with the default *.cloudfront.net certificate CloudFront fixes the
      // minimum protocol at TLSv1; with a certificateArn in the environment TLSv1.2_2021 applies.
      Validations.of(dist).acknowledge({ id: 'AwsSolutions-CFR4', reason: 'Default CloudFront certificate (no certificateArn given); TLSv1.2_2021 is set for custom domains.' });
    }

    this.site = siteOf(env, dist.distributionDomainName);
    new CfnOutput(this, 'DistributionDomain', { value: dist.distributionDomainName });
    new CfnOutput(this, 'SiteUrl', { value: this.site.url });
  }
}
