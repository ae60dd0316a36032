import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { routeList } from '../../shared/api/routes';
import { methodsOf, needsToken } from '#shared/api/route';
import { routeDeploy } from '../../infra/route-deploy';
import { tables } from '#shared/deploy/tables';
import { awsRoutePath } from '../../infra/stacks/api-stack';
import { flat, resourcesOf, synth } from './helpers';

const dev = synth('dev');
const fns = resourcesOf(dev.api, 'AWS::Lambda::Function');
const policies = resourcesOf(dev.api, 'AWS::IAM::Policy');
const apiRoutes = resourcesOf(dev.api, 'AWS::ApiGatewayV2::Route');
const integrations = resourcesOf(dev.api, 'AWS::ApiGatewayV2::Integration');
const [[authorizerId, authorizer]] = resourcesOf(dev.api, 'AWS::ApiGatewayV2::Authorizer');

function functionOf(routeId: string) {
  const hit = fns.find(([, r]) => r.Properties.FunctionName === `fps-dev-${routeId}`);
  if (!hit) throw new Error(`no function for ${routeId}`);
  return hit;
}

function policyTextOf(routeId: string): { actions: string[]; resources: string[] } {
  const [, fn] = functionOf(routeId);
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const statements = policies
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  return {
    actions: statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])),
    resources: statements.flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource])).map(flat),
  };
}

describe('api stack is generated from the route table', () => {
  it('has one function per route plus nothing unexpected', () => {
    const routeFns = fns.filter(([, r]) => String(r.Properties.FunctionName ?? '').startsWith('fps-dev-'));
    expect(routeFns).toHaveLength(routeList.length);
    expect(apiRoutes).toHaveLength(routeList.flatMap(methodsOf).length);
  });

  it('answers HEAD on the share pages (link previews ask with HEAD), with the GET\'s function and no authorizer', () => {
    for (const path of ['/s/{token}', '/s/{token}/image']) {
      const [get, head] = ['GET', 'HEAD'].map((m) => apiRoutes.find(([, r]) => r.Properties.RouteKey === `${m} ${path}`)?.[1]);
      expect(head, `HEAD ${path}`).toBeDefined();
      expect(head!.Properties.Target).toEqual(get!.Properties.Target);
      expect(head!.Properties.AuthorizationType).toBe('NONE');
    }
    // Nothing else gets a HEAD route.
    expect(apiRoutes.filter(([, r]) => String(r.Properties.RouteKey).startsWith('HEAD '))).toHaveLength(2);
  });

  it('JWT authorizer uses the user pool issuer and the app client audience', () => {
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(flat(authorizer.Properties.JwtConfiguration.Issuer)).toMatch(/^https:\/\/cognito-idp\.(<AWS::Region>|us-east-1)\.amazonaws\.com\/<output:.*UserPool/);
    expect(flat(authorizer.Properties.JwtConfiguration.Audience)).toMatch(/WebClient/);
  });

  describe.each(routeList.map((r) => [r.id, r] as const))('%s', (id, route) => {
    it('has its own Lambda (nodejs22.x, arm64, JSON logs, handler module from the table)', () => {
      const [, fn] = functionOf(id);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON' },
      });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'fps-dev-api', APP_ENV: 'dev',
      });
      // No certificate in dev: SITE_URL is the CloudFront domain of the web stack.
      expect(flat(fn.Properties.Environment.Variables.SITE_URL)).toMatch(/^https:\/\/<output:.*Distribution.*DomainName/);
      expect(fn.Properties.Description).toContain(`${route.method} ${route.path}`);
    });

    it(`has route "${route.method} ${awsRoutePath(route.path)}" wired to that function`, () => {
      const hit = apiRoutes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${awsRoutePath(route.path)}`);
      expect(hit, 'route exists').toBeDefined();
      const integrationId = flat(hit![1].Properties.Target).match(/<([^>]+)>/)![1];
      const integration = integrations.find(([lid]) => lid === integrationId)![1];
      expect(flat(integration.Properties.IntegrationUri)).toBe(`<${functionOf(id)[0]}.Arn>`);
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
    });

    it(`has the JWT authorizer iff the caller is user/staff (caller: ${route.caller})`, () => {
      const [, r] = apiRoutes.find(([, x]) => x.Properties.RouteKey === `${route.method} ${awsRoutePath(route.path)}`)!;
      if (needsToken(route)) {
        expect(r.Properties.AuthorizationType).toBe('JWT');
        expect(r.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
      } else {
        expect(r.Properties.AuthorizationType).toBe('NONE');
        expect(r.Properties.AuthorizerId).toBeUndefined();
      }
    });

    it('gets exactly the tables, bucket and secrets its grants name (least privilege)', () => {
      const { grants } = routeDeploy[id];
      const { actions, resources } = policyTextOf(id);
      const env = functionOf(id)[1].Properties.Environment.Variables;
      for (const [key, def] of Object.entries(tables)) {
        const mode = grants.tables?.[key as keyof typeof tables];
        const arn = `:table/fps-dev-${def.name}`;
        expect(resources.some((r) => r.endsWith(arn)), `${key} table granted`).toBe(Boolean(mode));
        expect(env[def.envVar] !== undefined, `${def.envVar} injected`).toBe(Boolean(mode));
        for (const index of def.indexes) {
          expect(resources.some((r) => r.endsWith(`${arn}/index/${index.indexName}`))).toBe(Boolean(mode));
        }
      }
      const writes = actions.includes('dynamodb:PutItem');
      // RW and append-only grants both allow PutItem; RO never does.
    expect(writes).toBe(Object.values(grants.tables ?? {}).some((m) => m !== 'RO'));
      expect(resources.some((r) => r.includes(':s3:::fps-dev-images-'))).toBe(Boolean(grants.bucket));
      expect(actions.includes('s3:PutObject')).toBe(grants.bucket === 'RW');
      expect(env.IMAGES_BUCKET !== undefined).toBe(Boolean(grants.bucket));
      expect(resources.some((r) => r.includes(':parameter/fps/dev/stripe/secret-key'))).toBe(Boolean(grants.stripe));
      expect(resources.some((r) => r.includes(':parameter/fps/dev/stripe/webhook-secret'))).toBe(grants.stripe === 'webhook');
      expect(actions.includes('ses:SendEmail')).toBe(Boolean(grants.email));
      const cognito = actions.filter((a) => a.startsWith('cognito-idp:')).sort();
      expect(cognito).toEqual([...(grants.cognito ?? [])].map((a) => `cognito-idp:${a}`).sort());
      // Nothing but explicit actions: no service-wide wildcards.
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    });
  });

  it('Stripe routes know the parameter names and prices; others do not', () => {
    for (const route of routeList) {
      const env = functionOf(route.id)[1].Properties.Environment.Variables;
      if (routeDeploy[route.id].grants.stripe) {
        expect(env.STRIPE_SECRET_PARAM).toBe('/fps/dev/stripe/secret-key');
        expect(env.STRIPE_WEBHOOK_SECRET_PARAM).toBe('/fps/dev/stripe/webhook-secret');
        expect(env.STRIPE_PREMIUM_PRICE).toBeDefined();
        expect(env.STRIPE_ENTERPRISE_PRICE).toBeDefined();
      } else {
        expect(env.STRIPE_SECRET_PARAM).toBeUndefined();
      }
    }
    // Prices come from SSM String parameters unless given as context.
    dev.api.hasParameter('*', { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/fps/dev/stripe/premium-price' });
  });

  it('Stripe routes read their secrets through the Parameters and Secrets extension layer (arm64); others have no layer', () => {
    for (const route of routeList) {
      const fn = functionOf(route.id)[1];
      const env = fn.Properties.Environment.Variables;
      const layers = flat(fn.Properties.Layers);
      if (routeDeploy[route.id].grants.stripe) {
        // Resolved per region from CDK's table of the extension's layer ARNs, for arm64.
        expect(layers, route.id).toMatch(/(ParamsAndSecrets|Parameters-and-Secrets).*arm64/i);
        expect(env).toMatchObject({ PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773', PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED: 'true' });
        expect(env.SSM_PARAMETER_STORE_TTL).toBe('300');
      } else {
        expect(fn.Properties.Layers, route.id).toBeUndefined();
        expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT).toBeUndefined();
      }
      // Only parameter names are in the template, never a secret value.
      expect(env.STRIPE_SECRET_KEY).toBeUndefined();
      expect(env.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    }
  });

  it('uses context prices when given', () => {
    const withPrices = synth('dev', { stripePremiumPrice: 'price_p', stripeEnterprisePrice: 'price_e' });
    const env = resourcesOf(withPrices.api, 'AWS::Lambda::Function')
      .find(([, r]) => r.Properties.FunctionName === 'fps-dev-createCheckoutSessionUrl')![1].Properties.Environment.Variables;
    expect(env).toMatchObject({ STRIPE_PREMIUM_PRICE: 'price_p', STRIPE_ENTERPRISE_PRICE: 'price_e' });
  });

  it('stage has throttling from the env config and JSON access logs', () => {
    dev.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default', AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    synth('master').api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
    });
  });

  it('CORS allows the site origin (and local dev servers in dev only) and the extension (upload grants), in Chrome and Firefox', () => {
    const [[, httpApi]] = resourcesOf(dev.api, 'AWS::ApiGatewayV2::Api');
    expect(httpApi.Properties.CorsConfiguration.AllowOrigins.map(flat)).toEqual([
      expect.stringMatching(/^https:\/\/<output:.*Distribution.*DomainName/), 'http://localhost:5173', 'http://127.0.0.1:5173',
      'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'moz-extension://*',
    ]);
    expect(httpApi.Properties.CorsConfiguration.AllowHeaders).toEqual(['authorization', 'content-type', 'x-upload-grant']);
    synth('master').api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://www.fullpageshot.com', Match.stringLikeRegexp('^chrome-extension://[a-p]{32}$'), 'moz-extension://*'] }),
    });
  });

  it('every function writes only to its own log group, which has a retention', () => {
    for (const [, fn] of fns.filter(([, r]) => r.Properties.LoggingConfig)) {
      expect(fn.Properties.LoggingConfig.LogGroup).toHaveProperty('Ref');
    }
    for (const [, lg] of resourcesOf(dev.api, 'AWS::Logs::LogGroup')) expect(lg.Properties.RetentionInDays).toBe(14);
    for (const [, role] of resourcesOf(dev.api, 'AWS::IAM::Role')) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });
});
