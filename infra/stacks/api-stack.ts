import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { routeList } from '#shared/api/routes';
import { methodsOf, needsToken, type RouteDef } from '#shared/api/route';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { extensionCorsOrigins } from '#shared/extension/cors-origins';
import { ApiFunction } from '../constructs/api-function';
import type { EnvironmentConfig } from '../environments';
import { resourcePrefix, stripePriceParam, stripeSecretParam, stripeWebhookPreviousSecretParam, stripeWebhookSecretParam } from '../names';
import { DataRefs } from '../refs';
import { routeDeploy } from '../route-deploy';
import type { Site } from '../site-url';
import { sharesOnSiteDomain } from './web-stack';
import type { LambdaEnvironment } from '#shared/deploy/lambda-env';
import type { TableKey } from '#shared/deploy/tables';

export interface ApiStackProps extends StackProps {
  config: EnvironmentConfig;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  stripePremiumPrice?: string;
  stripeEnterprisePrice?: string;
  stripeParamKmsKeyArn?: string;
  /** Where the site is served (CORS, SITE_URL). */
  site: Site;
  /** See DeploySettings.nativeModulesInstall. */
  nativeModulesInstall: 'required' | 'optional';
}

/** Routes callable without a Cognito token: the ones anybody on the internet can hammer. */
export const isPublicRoute = (route: Pick<RouteDef, 'caller'>) => !needsToken(route);
/** The share-link routes (lambdas/shares/), which make and serve links at SHARE_BASE_URL. */
const isShareRoute = (route: Pick<RouteDef, 'handler'>) => route.handler.startsWith('shares/');

/**
 * API Gateway HTTP route key path. HTTP APIs reject route paths ending in `/` and route a request
 * for `/images/` to the `/images` route, so the table's spec paths (`/images/`, `/images/{id}/`)
 * are registered without the trailing slash and still answer at the spec's URLs.
 */
export const awsRoutePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/**
 * The HTTP API, generated from the route table: one function and one route per entry, the JWT
 * authorizer on `user` and `staff` routes (handlers check the `staff` group again), least-privilege
 * grants, memory and timeout from infra/route-deploy.ts.
 */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  /** Base URL without trailing slash, e.g. https://abc.execute-api.eu-west-1.amazonaws.com */
  readonly apiUrl: string;
  readonly functions: Record<string, ApiFunction> = {};
  readonly stage: apigwv2.HttpStage;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const env = props.config;
    const prefix = resourcePrefix(env);
    const removalPolicy = env.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const data = new DataRefs(this, 'Data', env);

    // Price ids: a context value if given, else an SSM String parameter resolved at deploy time
    // (a CloudFormation parameter, so synth makes no AWS call).
    const price = (plan: 'premium' | 'enterprise', given?: string) =>
      given ?? ssm.StringParameter.valueForStringParameter(this, stripePriceParam(env, plan));
    // Names from the one list the handlers read (shared/deploy/lambda-env.ts).
    const stripeEnv: LambdaEnvironment = {
      STRIPE_SECRET_PARAM: stripeSecretParam(env),
      STRIPE_WEBHOOK_SECRET_PARAM: stripeWebhookSecretParam(env),
      STRIPE_WEBHOOK_PREVIOUS_SECRET_PARAM: stripeWebhookPreviousSecretParam(env),
      STRIPE_PREMIUM_PRICE: price('premium', props.stripePremiumPrice),
      STRIPE_ENTERPRISE_PRICE: price('enterprise', props.stripeEnterprisePrice),
      STRIPE_LIVE_MODE: String(env.stripeLiveMode),
    };
    const commonEnv: LambdaEnvironment = {
      APP_ENV: env.name,
      SITE_URL: props.site.url,
      EXTENSION_ORIGINS: env.extensionOrigins.join(','),
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      STORAGE_LIMIT_BASIC_BYTES: String(env.storageLimits.basicBytes),
      STORAGE_LIMIT_PREMIUM_BYTES: String(env.storageLimits.premiumBytes),
    };

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: env.logRetentionDays as logs.RetentionDays,
      removalPolicy,
    });

    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `${prefix}-api`,
      description: `Full-page screenshot API (${env.name})`,
      createDefaultStage: false,
      corsPreflight: {
        // The extension's editor calls the grant routes from its own origin (docs/security.md),
        // a Firefox add-on's random per profile.
        allowOrigins: [...props.site.origins, ...extensionCorsOrigins(env.extensionOrigins)],
        allowMethods: [
          apigwv2.CorsHttpMethod.GET, apigwv2.CorsHttpMethod.POST, apigwv2.CorsHttpMethod.PUT,
          apigwv2.CorsHttpMethod.DELETE, apigwv2.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['authorization', 'content-type', UPLOAD_GRANT_HEADER],
        maxAge: Duration.hours(1),
      },
    });
    const stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: env.throttle.rateLimit, burstLimit: env.throttle.burstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId',
          ip: '$context.identity.sourceIp',
          requestTime: '$context.requestTime',
          routeKey: '$context.routeKey',
          status: '$context.status',
          protocol: '$context.protocol',
          responseLength: '$context.responseLength',
          latency: '$context.responseLatency',
          integrationLatency: '$context.integrationLatency',
          integrationError: '$context.integrationErrorMessage',
          authorizerError: '$context.authorizer.error',
          userAgent: '$context.identity.userAgent',
        })),
      },
    });
    this.apiUrl = this.api.apiEndpoint;
    // Share links: on the site's domain when CloudFront forwards /s/* here (environments with a
    // certificate); otherwise at this API's own address (docs/images.md "Share links").
    const shareEnv: LambdaEnvironment = { SHARE_BASE_URL: sharesOnSiteDomain(env) ? props.site.url : this.apiUrl };

    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    // CloudFormation JSON (RouteSettings is an untyped map by route key), hence the PascalCase keys.
    const publicRouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routeList) {
      const { grants, size } = routeDeploy[route.id];
      const name = pascal(route.id);
      const fn = new ApiFunction(this, `${name}Fn`, {
        functionName: `${prefix}-${route.id}`,
        description: `${route.method} ${route.path}: ${route.summary}`.slice(0, 256),
        handlerModule: route.handler,
        serviceName: `${prefix}-api`,
        logRetention: env.logRetentionDays as logs.RetentionDays,
        logRemovalPolicy: removalPolicy,
        memorySize: size.memoryMb,
        timeout: Duration.seconds(size.timeoutSeconds),
        // A flood on a public route must not take the concurrency the signed-in routes need.
        ...(isPublicRoute(route) ? { reservedConcurrentExecutions: env.publicRouteConcurrency } : {}),
        environment: { ...commonEnv, ...(grants.stripe ? stripeEnv : {}), ...(isShareRoute(route) ? shareEnv : {}) },
        nativeModules: grants.nativeModules ?? [],
        nativeModulesInstall: props.nativeModulesInstall,
      });
      for (const [key, mode] of Object.entries(grants.tables ?? {}) as [TableKey, 'RO' | 'RW'][]) {
        fn.bindTable(data.tables[key], mode);
      }
      if (grants.bucket) fn.bindBucket(data.imagesBucket, grants.bucket);
      if (grants.cognito) fn.allowCognito(props.userPool, grants.cognito);
      if (grants.stripe) {
        fn.allowParameters(
          grants.stripe === 'webhook'
            ? [stripeSecretParam(env), stripeWebhookSecretParam(env), stripeWebhookPreviousSecretParam(env)]
            : [stripeSecretParam(env)],
          props.stripeParamKmsKeyArn,
        );
      }
      if (grants.email) fn.allowSendEmail(env.emailFrom);
      this.functions[route.id] = fn;
      if (isPublicRoute(route)) {
        for (const method of methodsOf(route)) {
          publicRouteSettings[`${method} ${awsRoutePath(route.path)}`] = {
            ThrottlingRateLimit: env.publicRouteThrottle.rateLimit, ThrottlingBurstLimit: env.publicRouteThrottle.burstLimit,
          };
        }
      }

      // One HTTP API route per method (HEAD too, for a GET that declares it: API Gateway does not add it).
      const httpRoutes = this.api.addRoutes({
        path: awsRoutePath(route.path),
        methods: methodsOf(route).map((m) => apigwv2.HttpMethod[m as keyof typeof apigwv2.HttpMethod]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
        authorizer: needsToken(route) ? authorizer : undefined,
      });
      if (!needsToken(route)) {
        // AwsSolutions-APIG4: the route table declares this route callable without a Cognito
        // token. 'public' routes are the invite-token and contact-form endpoints (the invite
        // token itself is the credential); 'stripe-signature' is Stripe's webhook, whose
        // signature the handler verifies on the raw body.
        for (const httpRoute of httpRoutes) {
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: route.caller === 'stripe-signature'
              ? 'Stripe webhook: authenticated by the Stripe-Signature header, verified in the handler.'
              : route.caller === 'upload-grant'
              ? `Upload grant (${route.id}): the x-upload-grant header is the credential, resolved and checked in the handler chain (docs/security.md).`
              : `Public by the route table (${route.id}); an invite token or nothing is the credential.`,
          });
        }
      }
    }

    // Per-route throttling of the public routes (route settings need the routes to exist first).
    const cfnStage = stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.routeSettings = publicRouteSettings;
    for (const r of this.api.node.children.filter((c) => c instanceof apigwv2.HttpRoute)) cfnStage.node.addDependency(r);
    this.stage = stage;

    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl });
  }
}
