import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { amplifyAuthConfig, socialProviderOf, toAuthUser } from './auth';

const base: RuntimeConfig = {
  env: 'local', apiUrl: 'http://api.test', siteUrl: 'http://site.test', extensionOrigins: [], stripeLiveMode: false,
  supportEmail: 'support@fullpageshot.example',
  auth: { mode: 'password', region: 'us-east-1', userPoolId: 'local_x', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229', googleEnabled: false },
};

describe('user info', () => {
  it('reads the social provider from the identities attribute (JSON text) or claim (list)', () => {
    expect(socialProviderOf('[{"providerName":"Google","userId":"1"}]')).toBe('Google');
    expect(socialProviderOf([{ providerName: 'Google' }])).toBe('Google');
    expect(socialProviderOf(undefined)).toBeNull();
    expect(socialProviderOf('not json')).toBeNull();
    expect(socialProviderOf('[]')).toBeNull();
  });

  it('names the user by name, else given and family name, else e-mail', () => {
    expect(toAuthUser('u', { email: 'a@x.example', name: 'Ann Lee' })).toEqual({ userId: 'u', email: 'a@x.example', name: 'Ann Lee', loginMethod: 'Email', isSocial: false });
    expect(toAuthUser('u', { email: 'a@x.example', given_name: 'Ann', family_name: 'Lee' }).name).toBe('Ann Lee');
    expect(toAuthUser('u', { email: 'a@x.example' }).name).toBe('a@x.example');
    expect(toAuthUser('u', { email: 'a@x.example', identities: '[{"providerName":"Google"}]' })).toMatchObject({ loginMethod: 'Google', isSocial: true });
  });
});

describe('amplifyAuthConfig', () => {
  it('points password mode at cognito-local without OAuth', () => {
    const c = amplifyAuthConfig(base).Cognito;
    expect(c).toMatchObject({ userPoolId: 'local_x', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229', loginWith: { email: true } });
    expect('oauth' in c.loginWith).toBe(false);
    expect(c.passwordFormat).toMatchObject({ minLength: 8, requireLowercase: true, requireUppercase: true });
  });

  it('uses the managed login in hosted mode, back to /auth/signin', () => {
    const c = amplifyAuthConfig({
      ...base, env: 'master', siteUrl: 'https://www.example.com',
      auth: { ...base.auth, mode: 'hosted', userPoolEndpoint: undefined, oauthDomain: 'login.example.com', googleEnabled: true },
    }).Cognito;
    expect('userPoolEndpoint' in c).toBe(false);
    expect(c.loginWith).toMatchObject({
      email: true,
      oauth: {
        domain: 'login.example.com', responseType: 'code', providers: ['Google'],
        redirectSignIn: ['https://www.example.com/auth/signin'], redirectSignOut: ['https://www.example.com/'],
      },
    });
  });
});
