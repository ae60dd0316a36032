import path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { Construct } from 'constructs';
import {
  ESM_REQUIRE_BANNER, LAMBDA_LEGAL_COMMENTS, LAMBDA_MINIFY, LAMBDA_SOURCE_MAP, LAMBDA_SOURCES_CONTENT, LAMBDA_TARGET, MAIN_FIELDS, lambdaAliases, lambdaExternals,
} from '../bundling';
import { nativeModuleHooks } from '../native-modules';
import type { LambdaEnvironment, LambdaEnvName } from '#shared/deploy/lambda-env';
import type { TableDef } from '#shared/deploy/tables';
import { repoRoot } from '../settings';

export type AccessMode = 'RO' | 'RW';

/**
 * Table access: read-only, read-write, or append-only: `dynamodb:PutItem` alone, on the partition
 * keys listed (`dynamodb:LeadingKeys`), for a trail nobody may rewrite (the records table). IAM
 * cannot require attribute_not_exists, so the writer's own condition keeps a put from overwriting.
 */
export type TableAccess = AccessMode | { readonly append: readonly string[] };

/** Where the Parameters and Secrets extension listens (its default; lambdas/adapters/parameters-client.ts). */
const PARAMETERS_EXTENSION_PORT = 2773;

/** A DynamoDB table together with its definition from shared/deploy/tables.ts (keys, indexes, env var). */
export interface BindableTable {
  readonly table: dynamodb.ITable;
  readonly def: TableDef;
}

/** Cognito admin actions a handler may be granted, spelled out (no wildcards). */
export type CognitoAdminAction =
  | 'AdminGetUser'
  | 'ListUsers'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUserAttributes'
  | 'AdminConfirmSignUp'
  | 'AdminDeleteUser'
  | 'AdminListGroupsForUser'
  | 'AdminUserGlobalSignOut';

const TABLE_READ = [
  'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan',
  'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable',
];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const OBJECT_READ = ['s3:GetObject'];
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject'];

export interface ApiFunctionProps
  extends Omit<NodejsFunctionProps, 'runtime' | 'architecture' | 'entry' | 'handler' | 'logGroup' | 'loggingFormat' | 'role' | 'bundling' | 'environment'> {
  /** Only names of the list the handlers read (shared/deploy/lambda-env.ts). */
  readonly environment?: LambdaEnvironment;
  /** Required (no default): infra/route-deploy.ts sizes every function by measurement. */
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Handler module under `lambdas/`, without extension (the route table's `handler`). */
  readonly handlerModule: string;
  /** Powertools service name (logger `service` key). */
  readonly serviceName: string;
  readonly logRetention: logs.RetentionDays;
  /** What happens to the log group when the stack is deleted. */
  readonly logRemovalPolicy?: RemovalPolicy;
  /**
   * Native packages (e.g. `sharp`) left out of the esbuild bundle and installed for linux-arm64
   * from the registry into the bundle's own node_modules (infra/native-modules.ts).
   */
  readonly nativeModules?: readonly string[];
  /** 'optional' lets an offline synth go on without them (see DeploySettings.nativeModulesInstall). */
  readonly nativeModulesInstall?: 'required' | 'optional';
}

/**
 * The one Lambda shape of the backend: Node.js 22 on arm64, ESM bundle with source maps and only
 * the runtime's `@aws-sdk/*` left external, JSON logs into its own log group with retention, and a
 * role that starts with nothing but permission to write those logs. Everything else is added with
 * the `bind*` / `allow*` methods, each granting the narrowest set of actions on named resources.
 */
export class ApiFunction extends NodejsFunction {
  private readonly ownRole: iam.Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { handlerModule, serviceName, logRetention, logRemovalPolicy, environment, nativeModules = [], nativeModulesInstall = 'required', ...rest } = props;
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logRetention,
      removalPolicy: logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    // Own role without the AWSLambdaBasicExecutionRole managed policy (which allows writing to any
    // log group): this function may write to its own log group only.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${serviceName} ${handlerModule}`,
    });
    role.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroup.logGroupArn],
    }));

    super(scope, id, {
      ...rest,
      // X-Ray: each invocation is traced (the HTTP API has no X-Ray of its own).
      tracing: lambda.Tracing.ACTIVE,
      entry: path.join(repoRoot, 'lambdas', `${handlerModule}.ts`),
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      environment: {
        POWERTOOLS_SERVICE_NAME: serviceName,
        NODE_OPTIONS: '--enable-source-maps',
        ...environment,
      } satisfies LambdaEnvironment as Record<string, string>,
      // The settings live in infra/bundling.ts, shared with `npm run bench:lambdas`.
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_TARGET,
        mainFields: [...MAIN_FIELDS],
        minify: LAMBDA_MINIFY,
        sourceMap: LAMBDA_SOURCE_MAP,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: LAMBDA_SOURCES_CONTENT,
        externalModules: lambdaExternals(nativeModules),
        commandHooks: nativeModuleHooks(nativeModules, nativeModulesInstall),
        banner: ESM_REQUIRE_BANNER,
        logLevel: LogLevel.WARNING,
        // NodejsFunction runs the esbuild CLI, which takes aliases as flags (no plugins).
        esbuildArgs: {
          '--legal-comments': LAMBDA_LEGAL_COMMENTS,
          ...Object.fromEntries(Object.entries(lambdaAliases()).map(([from, to]) => [`--alias:${from}`, to])),
        },
      },
    });
    this.ownRole = role;

    // AwsSolutions-L1 wants the newest Node.js runtime. docs/architecture.md pins nodejs22.x ("Versions
    // that matter"): the middy and Powertools versions in use are verified on it, and the local stack
    // runs the same handlers on Node 20/22. Moving to a newer runtime is a deliberate upgrade.
    // AwsSolutions-IAM5: X-Ray's PutTraceSegments/PutTelemetryRecords have no resource-level scoping.
    Validations.of(role).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'X-Ray tracing actions (PutTraceSegments, PutTelemetryRecords) only accept Resource "*".' });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Runtime pinned to nodejs22.x (docs/architecture.md: verified middy/Powertools versions); upgrades are deliberate.',
    });
  }

  /** One variable of the handlers' list (shared/deploy/lambda-env.ts). */
  private setEnv(name: LambdaEnvName, value: string): void {
    this.addEnvironment(name, value);
  }

  /** Read, read-write or append-only data access to one table and its named indexes; injects the table's env var. */
  bindTable(t: BindableTable, mode: TableAccess): this {
    this.setEnv(t.def.envVar, t.table.tableName);
    if (typeof mode === 'object') {
      this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [t.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [...mode.append] } },
      }));
      return this;
    }
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: mode === 'RW' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ,
      // Each index by name rather than `index/*`: no wildcard in the policy.
      resources: [t.table.tableArn, ...t.def.indexes.map((i) => `${t.table.tableArn}/index/${i.indexName}`)],
    }));
    return this;
  }

  /**
   * Object access to one bucket (presigned URLs are signed with this role, so a presigned PUT
   * needs RW); ListBucket so that a missing object is a 404, not a 403. Injects `envVar`.
   */
  bindBucket(bucket: s3.IBucket, mode: AccessMode, envVar: LambdaEnvName = 'IMAGES_BUCKET'): this {
    this.setEnv(envVar, bucket.bucketName);
    const objects = bucket.arnForObjects('*');
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: mode === 'RW' ? [...OBJECT_READ, ...OBJECT_WRITE] : OBJECT_READ,
      resources: [objects],
    }));
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    // AwsSolutions-IAM5: object keys are per user and per image and not known in advance, so
    // object-level access needs `<bucket>/*`. Acknowledged for exactly this resource string.
    Validations.of(this.ownRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(this).resolve(objects))}]`,
      reason: 'Object keys are generated per user/image; access is limited to the one images bucket.',
    });
    return this;
  }

  /** Named Cognito admin actions on one user pool; injects USER_POOL_ID. */
  allowCognito(userPool: cognito.IUserPool, actions: readonly CognitoAdminAction[]): this {
    this.setEnv('USER_POOL_ID', userPool.userPoolId);
    if (actions.length === 0) return this;
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: actions.map((a) => `cognito-idp:${a}`),
      resources: [userPool.userPoolArn],
    }));
    return this;
  }

  /**
   * ssm:GetParameter on exactly these parameter names (SecureString values are read at runtime,
   * never placed in the template or the environment). The default `aws/ssm` key needs no IAM
   * grant: its key policy admits callers of the account through SSM. A customer managed key gets
   * kms:Decrypt, scoped to calls made through SSM.
   *
   * The values are read through the AWS Parameters and Secrets Lambda Extension (a layer added
   * here; lambdas/adapters/parameters-client.ts calls it on localhost), which makes the SSM call
   * with this role, so the bundle carries no SSM client.
   */
  allowParameters(names: readonly string[], kmsKeyArn?: string): this {
    if (names.length === 0) return this;
    this.addParametersExtension();
    const stack = Stack.of(this);
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: names.map((n) => stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: n.replace(/^\//, '') })),
    }));
    if (kmsKeyArn) {
      this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [kmsKeyArn],
        conditions: { StringEquals: { 'kms:ViaService': `ssm.${stack.region}.amazonaws.com` } },
      }));
    }
    return this;
  }

  private parametersExtension = false;

  /** The extension's layer (per region and arm64) and its settings, once per function. */
  private addParametersExtension(): void {
    if (this.parametersExtension) return;
    this.parametersExtension = true;
    const ext = lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
      cacheEnabled: true,
      httpPort: PARAMETERS_EXTENSION_PORT,
      // The same 5 minutes the adapter keeps a value; a rotated Stripe key is picked up within that.
      parameterStoreTtl: Duration.minutes(5),
      parameterStoreTimeout: Duration.seconds(3),
      logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
    })._bind(this, this);
    this.addLayers(lambda.LayerVersion.fromLayerVersionArn(this, 'ParamsAndSecretsLayer', ext.arn));
    // The layer's own settings (read by the extension, not by the handlers).
    for (const [key, value] of Object.entries(ext.environmentVars)) this.addEnvironment(key, String(value));
  }

  /** ses:SendEmail from one identity (the sender's domain and address); injects EMAIL_FROM. */
  allowSendEmail(from: string): this {
    this.setEnv('EMAIL_FROM', from);
    const stack = Stack.of(this);
    const domain = from.split('@')[1] ?? from;
    this.ownRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [...new Set([domain, from])].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
    }));
    return this;
  }
}
