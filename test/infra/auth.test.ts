import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { flat, resourcesOf, synth, type CfnJson } from './helpers';

const dev = synth('dev');

describe('auth stack', () => {
  it('user pool: e-mail username, self sign-up, verification, password rule, identity_id', () => {
    dev.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireLowercase: true, RequireUppercase: true }) },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'identity_id', AttributeDataType: 'String', Mutable: true }),
        // The name offered at sign-up: no longer than POST /account/name accepts.
        Match.objectLike({ Name: 'signup_name', AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MaxLength: '1000' } }),
      ]),
      UserPoolTier: 'ESSENTIALS',
    });
  });

  it('master uses the Plus plan with threat protection enforced, and is retained', () => {
    const master = synth('master');
    master.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' }, DeletionProtection: 'ACTIVE',
    });
    master.auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('has the staff group', () => {
    dev.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'staff' });
  });

  it('PostConfirmation trigger is lambdas/auth-triggers/post-confirmation with RW on the users table', () => {
    const [[fnId, fn]] = resourcesOf(dev.auth, 'AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    expect(fn.Properties.Environment.Variables.USERS_TABLE).toBe('fps-dev-users');
    dev.auth.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [fnId, 'Arn'] } } });
    const [[, policy]] = resourcesOf(dev.auth, 'AWS::IAM::Policy');
    const text = JSON.stringify(policy.Properties.PolicyDocument.Statement.map((s: CfnJson) => ({ ...s, Resource: [s.Resource].flat().map(flat) })));
    expect(text).toContain('dynamodb:PutItem');
    expect(text).toContain(':table/fps-dev-users');
    expect(text).not.toContain('fps-dev-orgs');
    // It sets the name offered at sign-up with IAM, on this pool only (a policy of its own: no dependency cycle).
    const [poolId] = Object.keys(dev.auth.findResources('AWS::Cognito::UserPool'));
    dev.auth.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'cognito-idp:AdminUpdateUserAttributes', Effect: 'Allow', Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } })] },
    });
  });

  it('managed-login domain with the env prefix and Cognito-provided branding', () => {
    dev.auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'fullpageshot-dev', ManagedLoginVersion: 2 });
    dev.auth.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', { UseCognitoProvidedValues: true });
    expect(flat(dev.stacks.auth.resolve(dev.stacks.auth.oauthDomain))).toBe('fullpageshot-dev.auth.<AWS::Region>.amazoncognito.com');
  });

  it('public app client: code flow, callbacks on the site as served, SRP + refresh auth (no USER_PASSWORD_AUTH), no secret', () => {
    dev.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email']),
      // dev has no certificate: the site is CloudFront's domain, from the web stack (one deploy works).
      CallbackURLs: [
        { 'Fn::Join': ['', ['https://', Match.objectLike({ 'Fn::GetStackOutput': Match.objectLike({ StackName: 'Fps-dev-Web' }) }), '/auth/signin']] },
        'http://localhost:5173/auth/signin', 'http://127.0.0.1:5173/auth/signin',
      ],
      LogoutURLs: Match.arrayWith(['http://localhost:5173/auth/signout']),
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      SupportedIdentityProviders: ['COGNITO'],
      WriteAttributes: Match.not(Match.arrayWith(['custom:identity_id'])),
    });
    synth('staging').auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: ['https://staging.fullpageshot.com/auth/signin'],
      LogoutURLs: ['https://staging.fullpageshot.com/auth/signout'],
    });
  });

  it('Google IdP exists only where the environment configures it, secret by Secrets Manager reference', () => {
    expect(Object.keys(dev.auth.findResources('AWS::Cognito::UserPoolIdentityProvider'))).toHaveLength(0);
    const master = synth('master');
    master.auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google', ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: '000000000000-sample.apps.googleusercontent.com',
        client_secret: '{{resolve:secretsmanager:fps/master/google-oauth-client-secret:SecretString:::}}',
      }),
    });
    master.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', { SupportedIdentityProviders: ['COGNITO', 'Google'] });
    // Google's name is only proposed (custom:signup_name): PostConfirmation tidies it into `name`.
    master.auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google', AttributeMapping: { email: 'email', 'custom:signup_name': 'name' },
    });
  });

  it('the app client cannot write `name` (POST /account/name is the only way in), nor any attribute shown unsanitised', () => {
    for (const t of [dev, synth('master')]) {
      const [[, client]] = resourcesOf(t.auth, 'AWS::Cognito::UserPoolClient');
      // The only custom attribute it may write is the proposed name, which PostConfirmation tidies before anything shows it.
      expect([...client.Properties.WriteAttributes].sort()).toEqual(['custom:signup_name', 'email']);
    }
  });

  it('sends mail through SES from the sender in staging and master; keeps the old e-mail until the new one is verified', () => {
    for (const env of ['staging', 'master'] as const) {
      const from = env === 'master' ? 'no-reply@fullpageshot.com' : 'no-reply@staging.fullpageshot.com';
      synth(env).auth.hasResourceProperties('AWS::Cognito::UserPool', {
        EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: from, SourceArn: Match.anyValue() }),
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      });
    }
  });

  it('asks enrolled staff for their TOTP code at every sign-in, and lets the site enrol them', () => {
    for (const env of ['dev', 'staging', 'master'] as const) {
      const t = env === 'dev' ? dev : synth(env);
      // MFA OPTIONAL + TOTP: Cognito challenges every account that has TOTP enabled (staff, after /admin's enrolment).
      t.auth.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
      // The enrolment calls AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference with the
      // member's access token: managed-login tokens carry that right only with this scope.
      t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', { AllowedOAuthScopes: Match.arrayWith(['aws.cognito.signin.user.admin']) });
    }
    // Where adaptive authentication runs (master), no risk level may skip the code of an enrolled account.
    const askMfa = { EventAction: 'MFA_IF_CONFIGURED', Notify: false };
    synth('master').auth.hasResourceProperties('AWS::Cognito::UserPoolRiskConfigurationAttachment', {
      ClientId: 'ALL',
      AccountTakeoverRiskConfiguration: { Actions: { LowAction: askMfa, MediumAction: askMfa, HighAction: askMfa } },
    });
    expect(Object.keys(dev.auth.findResources('AWS::Cognito::UserPoolRiskConfigurationAttachment'))).toHaveLength(0);
  });
});
