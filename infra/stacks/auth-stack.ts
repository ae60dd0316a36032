import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ApiFunction } from '../constructs/api-function';
import type { LambdaEnvironment } from '#shared/deploy/lambda-env';
import { CLIENT_WRITE_ATTRIBUTES, SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { DISPLAY_NAME_INPUT_MAX } from '#shared/rules/display-name';
import type { EnvironmentConfig } from '../environments';
import { googleClientSecretName, oauthDomainOf, resourcePrefix } from '../names';
import { DataRefs } from '../refs';
import { postConfirmationSize } from '../route-deploy';
import type { Site } from '../site-url';

export interface AuthStackProps extends StackProps {
  config: EnvironmentConfig;
  /** Where the site is served: its origins are the OAuth callback and logout targets. */
  site: Site;
}

/** The OAuth redirect targets of the SPA, for every origin the site is served from. */
function oauthRedirects(site: Site) {
  const origins = site.origins.map((u) => u.replace(/\/+$/, ''));
  return {
    signIn: origins.map((o) => `${o}/auth/signin`),
    signOut: origins.map((o) => `${o}/auth/signout`),
  };
}

/** CDK names custom attributes without their `custom:` prefix. */
const customKey = (attribute: string) => attribute.replace(/^custom:/, '');

/** CLIENT_WRITE_ATTRIBUTES as CDK's ClientAttributes. */
function clientWriteAttributes(): cognito.ClientAttributes {
  const custom = CLIENT_WRITE_ATTRIBUTES.filter((a) => a.startsWith('custom:')).map(customKey);
  const standard = CLIENT_WRITE_ATTRIBUTES.filter((a) => !a.startsWith('custom:'));
  if (standard.some((a) => a !== 'email')) throw new Error(`map the standard attributes ${standard.join(', ')} to CDK's names here`);
  return new cognito.ClientAttributes().withStandardAttributes({ email: standard.includes('email') }).withCustomAttributes(...custom);
}

/**
 * Cognito: the user pool (e-mail is the username), its `staff` group, the PostConfirmation trigger
 * that creates the user row, the managed-login domain and the SPA's public app client.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Managed-login host, `<prefix>.auth.<region>.amazoncognito.com`. */
  readonly oauthDomain: string;
  readonly googleEnabled: boolean;
  readonly postConfirmation: ApiFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const env = props.config;
    const prefix = resourcePrefix(env);
    const removalPolicy = env.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const data = new DataRefs(this, 'Data', env);

    const postConfirmation = new ApiFunction(this, 'PostConfirmation', {
      handlerModule: 'auth-triggers/post-confirmation',
      serviceName: `${prefix}-auth`,
      description: 'Cognito PostConfirmation: creates the user row, sets the name offered at sign-up',
      logRetention: env.logRetentionDays as logs.RetentionDays,
      logRemovalPolicy: removalPolicy,
      memorySize: postConfirmationSize.memoryMb,
      timeout: Duration.seconds(postConfirmationSize.timeoutSeconds),
      environment: { APP_ENV: env.name } satisfies LambdaEnvironment,
    }).bindTable(data.tables.users, 'RW');
    this.postConfirmation = postConfirmation;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${prefix}-users`,
      // E-mail is the username (UsernameAttributes=email), case-insensitive.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // A changed e-mail takes effect only once the new address is verified.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: {
        identity_id: new cognito.StringAttribute({ mutable: true, maxLen: 256 }),
        // The name offered at sign-up (form or Google), never shown: PostConfirmation tidies it into
        // `name` (shared/deploy/user-attributes.ts). Mutable: Google's mapping rewrites it at each sign-in.
        [customKey(SIGNUP_NAME_ATTRIBUTE)]: new cognito.StringAttribute({ mutable: true, maxLen: DISPLAY_NAME_INPUT_MAX }),
      },
      // The product's password rule: at least 8 characters with lower- and upper-case letters.
      passwordPolicy: {
        minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: false, requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: env.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: env.threatProtection ? cognito.StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      userVerification: {
        emailSubject: 'Your verification code',
        emailBody: 'Your verification code is {####}',
        emailStyle: cognito.VerificationEmailStyle.CODE,
      },
      // SES from the environment's sender wherever it is configured (required for staging and
      // master by infra/placeholders.ts); Cognito's own sender (50 mails a day) only in dev.
      email: env.sesRegion
        ? cognito.UserPoolEmail.withSES({ fromEmail: env.emailFrom, sesRegion: env.sesRegion, sesVerifiedDomain: env.emailFrom.split('@')[1] })
        : cognito.UserPoolEmail.withCognito(),
      lambdaTriggers: { postConfirmation },
      deletionProtection: env.retainData,
      removalPolicy,
    });

    // AwsSolutions-COG1 wants digits and symbols too. The specification fixes the password rule
    // (8+ characters, lower and upper case) and the SPA and the invite-accept handler check the
    // same rule, so Cognito must not be stricter than what the product tells the user.
    // PostConfirmation writes the tidied name with IAM. A policy of its own: in the function's
    // default policy the pool's ARN would make the function depend on the pool, which depends on it.
    postConfirmation.role?.attachInlinePolicy(new iam.Policy(this, 'PostConfirmationSetsName', {
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminUpdateUserAttributes'], resources: [this.userPool.userPoolArn] })],
    }));

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason: 'Password rule is fixed by the product specification (min 8, lower+upper case); client and server check the same rule.',
    });
    // AwsSolutions-COG2 (warning): Cognito cannot require MFA for one group only. TOTP is enabled
    // for everyone and optional; staff must have it: the staff set-up script enrols TOTP, and the
    // staff handlers refuse a caller without MFA (infra/README.md "MFA for staff").
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'MFA cannot be required per group: TOTP optional for customers, required for staff (set-up script and staff handlers).',
    });
    if (env.threatProtection) {
      // Adaptive authentication may let a low-risk sign-in through without the second factor when no
      // action is set. Staff (TOTP enrolled at /admin) must give their code at every sign-in, so no
      // risk level is below "MFA if configured"; accounts without MFA are unaffected.
      const askMfa = { eventAction: 'MFA_IF_CONFIGURED', notify: false };
      new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'RiskConfiguration', {
        userPoolId: this.userPool.userPoolId,
        clientId: 'ALL',
        accountTakeoverRiskConfiguration: { actions: { lowAction: askMfa, mediumAction: askMfa, highAction: askMfa } },
      });
    } else {
      // AwsSolutions-COG8: the Plus plan (threat protection enforced) is billed per MAU; master
      // uses it, dev and staging have only test users.
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: `Plus tier with threat protection is enabled in master only; ${env.name} holds test users.`,
      });
    }

    new cognito.UserPoolGroup(this, 'StaffGroup', {
      userPool: this.userPool,
      groupName: 'staff',
      description: 'Staff: may use the admin tool (checked again by each admin handler).',
    });

    const domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: env.authDomainPrefix },
      managedLoginVersion: cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    this.oauthDomain = oauthDomainOf(env);

    const providers = [cognito.UserPoolClientIdentityProvider.COGNITO];
    let google: cognito.UserPoolIdentityProviderGoogle | undefined;
    if (env.google) {
      google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: env.google.clientId,
        // Dynamic reference, resolved by CloudFormation at deploy time; never in the template.
        clientSecretValue: SecretValue.secretsManager(googleClientSecretName(env)),
        scopes: ['openid', 'email', 'profile'],
        // Mapping needs the client to have write access to the attribute, which users then have
        // too. So email_verified is not mapped (they could mark their own address verified), and
        // Google's name goes to custom:signup_name, not `name`: PostConfirmation tidies it into
        // `name` at the first sign-in, and nothing shows the custom attribute.
        attributeMapping: {
          email: cognito.ProviderAttribute.GOOGLE_EMAIL,
          // CDK writes these keys as they are: the mapping needs the `custom:` prefix.
          custom: { [SIGNUP_NAME_ATTRIBUTE]: cognito.ProviderAttribute.GOOGLE_NAME },
        },
      });
      providers.push(cognito.UserPoolClientIdentityProvider.GOOGLE);
    }
    this.googleEnabled = Boolean(google);

    const redirects = oauthRedirects(props.site);
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: `${prefix}-web`,
      generateSecret: false,
      // SRP only: the password never leaves the browser. USER_PASSWORD_AUTH is the local stack's
      // flow (cognito-local has no SRP) and stays off in AWS.
      authFlows: { userPassword: false, userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE, cognito.OAuthScope.COGNITO_ADMIN],
        callbackUrls: redirects.signIn,
        logoutUrls: redirects.signOut,
      },
      supportedIdentityProviders: providers,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // shared/deploy/user-attributes.ts: e-mail (sign-up, e-mail change) and the name offered at
      // sign-up. Not `name` (POST /account/name only) nor custom:identity_id (the backend's).
      writeAttributes: clientWriteAttributes(),
    });
    if (google) this.client.node.addDependency(google);

    // The newer managed login needs a style; Cognito's default one is enough.
    const branding = new cognito.CfnManagedLoginBranding(this, 'ManagedLoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    branding.node.addDependency(domain);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
    new CfnOutput(this, 'OAuthDomain', { value: this.oauthDomain });
    new CfnOutput(this, 'Issuer', { value: this.userPool.userPoolProviderUrl });
  }
}
