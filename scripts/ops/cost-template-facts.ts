import { routeList, type RouteId } from '#shared/api/routes';

/** What the cost model reads from synthesized CloudFormation templates (cdk.out/<env>/*.template.json). */
export interface TemplateFacts {
  functions: { logicalId: string; routeId?: RouteId; memoryMb: number; arch: 'arm64' | 'x86_64'; tracing: boolean }[];
  tables: { logicalId: string; onDemand: boolean; pitr: boolean; gsis: number }[];
  /** Retention of each log group, days (undefined = never expires). */
  logRetentionDays: (number | undefined)[];
  cognitoTier?: 'LITE' | 'ESSENTIALS' | 'PLUS';
  httpApis: number;
  distributions: { priceClass: string }[];
  webAcls: { rules: number }[];
  alarms: number;
  dashboards: number;
  /** The image library's storage limits the functions are given (STORAGE_LIMIT_*_BYTES), bytes. */
  storageLimits?: { basicBytes: number; premiumBytes: number };
}

interface Resource { Type: string; Properties?: Record<string, unknown> }
export interface Template { Resources?: Record<string, Resource> }

/** The route a function serves: its name ends in `-<routeId>` (infra names them `fps-<env>-<routeId>`). */
function routeOf(props: Record<string, unknown>): RouteId | undefined {
  const name = typeof props.FunctionName === 'string' ? props.FunctionName : '';
  const description = typeof props.Description === 'string' ? props.Description : '';
  return routeList.find((r) => name.endsWith(`-${r.id}`) || description.startsWith(`${r.method} ${r.path}:`))?.id;
}

/** The storage limits in a function's environment, when it has both. */
function storageLimitsOf(props: Record<string, unknown>): TemplateFacts['storageLimits'] {
  const vars = (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const basicBytes = Number(vars.STORAGE_LIMIT_BASIC_BYTES);
  const premiumBytes = Number(vars.STORAGE_LIMIT_PREMIUM_BYTES);
  return basicBytes > 0 && premiumBytes > 0 ? { basicBytes, premiumBytes } : undefined;
}

export function templateFacts(templates: Template[]): TemplateFacts {
  const facts: TemplateFacts = { functions: [], tables: [], logRetentionDays: [], httpApis: 0, distributions: [], webAcls: [], alarms: 0, dashboards: 0 };
  for (const t of templates) {
    for (const [logicalId, r] of Object.entries(t.Resources ?? {})) {
      const p = r.Properties ?? {};
      switch (r.Type) {
        case 'AWS::Lambda::Function':
          facts.functions.push({
            logicalId,
            routeId: routeOf(p),
            // CloudFormation's defaults when a property is absent.
            memoryMb: typeof p.MemorySize === 'number' ? p.MemorySize : 128,
            arch: (p.Architectures as string[] | undefined)?.[0] === 'arm64' ? 'arm64' : 'x86_64',
            tracing: (p.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active',
          });
          facts.storageLimits ??= storageLimitsOf(p);
          break;
        case 'AWS::DynamoDB::Table':
          facts.tables.push({
            logicalId,
            onDemand: p.BillingMode === 'PAY_PER_REQUEST',
            pitr: (p.PointInTimeRecoverySpecification as { PointInTimeRecoveryEnabled?: boolean } | undefined)?.PointInTimeRecoveryEnabled === true,
            gsis: (p.GlobalSecondaryIndexes as unknown[] | undefined)?.length ?? 0,
          });
          break;
        case 'AWS::Logs::LogGroup':
          facts.logRetentionDays.push(typeof p.RetentionInDays === 'number' ? p.RetentionInDays : undefined);
          break;
        case 'AWS::Cognito::UserPool':
          facts.cognitoTier = (p.UserPoolTier as TemplateFacts['cognitoTier']) ?? 'ESSENTIALS';
          break;
        case 'AWS::ApiGatewayV2::Api':
          facts.httpApis++;
          break;
        case 'AWS::CloudFront::Distribution':
          facts.distributions.push({ priceClass: String((p.DistributionConfig as { PriceClass?: string } | undefined)?.PriceClass ?? 'PriceClass_All') });
          break;
        case 'AWS::CloudWatch::Alarm':
          facts.alarms++;
          break;
        case 'AWS::CloudWatch::Dashboard':
          facts.dashboards++;
          break;
        case 'AWS::WAFv2::WebACL':
          facts.webAcls.push({ rules: (p.Rules as unknown[] | undefined)?.length ?? 0 });
          break;
      }
    }
  }
  return facts;
}
