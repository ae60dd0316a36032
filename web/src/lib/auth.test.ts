import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { getBroadcastAuthState, subscribeBroadcastAuthState } from './auth-broadcast';
import { DISPLAY_NAME_MAX_LENGTH, normalizeDisplayName } from '#shared/rules/display-name';
import { amplifyAuthConfig, getAuthState, mayHaveStoredSession, resetAuthForTests, setAuthState, signedOutBeforeAmplify, socialProviderOf, toAuthUser } from './auth';
import { isOAuthReturn } from './oauth-return';

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

  it('shows a name stored before the app client lost write access to it only as the name rule tidies it', () => {
    // The name: 636 characters with control characters, written with UpdateUserAttributes.
    const stored = `Mallory\u0000\u0007\u001b[31m\u202E${'x'.repeat(617)}\r\n\t!`;
    const shown = toAuthUser('u', { email: 'a@x.example', name: stored }).name;
    expect(shown).toBe(normalizeDisplayName(stored));
    expect(shown.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
    expect(shown).not.toMatch(/[\p{Cc}\u202E]/u);
    expect(toAuthUser('u', { email: 'a@x.example', name: '\u0000 \u202E' }).name).toBe('a@x.example');
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

describe('the state before Amplify has answered', () => {
  const storage = (...keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });
  const session = 'CognitoIdentityServiceProvider.client.LastAuthUser';

  it("knows a browser holds no session only when Amplify's token store has no user key", () => {
    expect(mayHaveStoredSession(storage())).toBe(false);
    expect(mayHaveStoredSession(storage('fps.next', 'CognitoIdentityServiceProvider.client.abc.idToken'))).toBe(false);
    expect(mayHaveStoredSession(storage('fps.next', session))).toBe(true);
    expect(mayHaveStoredSession(null)).toBe(true);
    const blocked = { get length(): number { throw new Error('SecurityError'); }, key: () => null };
    expect(mayHaveStoredSession(blocked)).toBe(true);
  });

  it('knows a visitor is signed out before Amplify whenever no session is stored, except on the way back from the hosted login', () => {
    expect(signedOutBeforeAmplify(storage(), '')).toBe(true);
    expect(signedOutBeforeAmplify(storage(), '?mode=signup&redirectPath=%2Fcheckout')).toBe(true);
    expect(signedOutBeforeAmplify(storage(), '?error=access_denied&error_description=x')).toBe(true);
    expect(signedOutBeforeAmplify(storage(session), '')).toBe(false);
    expect(signedOutBeforeAmplify(storage(), '?code=abc&state=xyz')).toBe(false);
    expect(isOAuthReturn('?code=abc&state=xyz')).toBe(true);
    expect(isOAuthReturn('?code=abc')).toBe(false);
  });
});

describe('the state the header reads (auth-broadcast.ts, without importing auth.ts)', () => {
  it('is the store\'s state from the moment auth.ts loads, and follows every change once', () => {
    resetAuthForTests();
    expect(getBroadcastAuthState()).toBe(getAuthState());
    let calls = 0;
    const stop = subscribeBroadcastAuthState(() => calls++);
    const user = toAuthUser('u1', { email: 'a@x.example', name: 'Ann' });
    setAuthState({ status: 'signedIn', user });
    expect(getBroadcastAuthState()).toMatchObject({ status: 'signedIn', user: { userId: 'u1', name: 'Ann' } });
    setAuthState({ status: 'signedIn', user }); // nothing new: no update
    expect(calls).toBe(1);
    setAuthState({ status: 'signedOut', user: null });
    expect(getBroadcastAuthState().status).toBe('signedOut');
    expect(calls).toBe(2);
    stop();
    resetAuthForTests();
    expect(calls).toBe(2);
  });
});
