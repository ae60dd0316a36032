import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/**
 * Checks a Cognito JWT the way API Gateway's JWT authorizer does: signature from the pool's JWKS,
 * issuer, expiry (required), and the app client as `aud` (ID token) or `client_id` (access token).
 * cognito-local serves its JWKS over http and uses `local_` pool ids, which CognitoJwtVerifier
 * refuses, hence JwtRsaVerifier with a fetch-based JWKS fetcher.
 */
export function createJwtAuthorizer(opts: { issuer: string; clientId: string }) {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const res = await fetch(uri);
        if (!res.ok) throw new Error(`JWKS fetch ${uri}: ${res.status}`);
        return res.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: opts.issuer,
      audience: null,
      jwksUri: `${opts.issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        // aws-jwt-verify checks `exp` only when present; Cognito always sets it, so a token without one is forged.
        if (typeof payload.exp !== 'number') throw new Error('token has no expiry');
        const client = payload.token_use === 'access' ? payload.client_id : payload.aud;
        if (client !== opts.clientId) throw new Error('token was issued to another client');
      },
    },
    { jwksCache },
  );
  // Verified tokens, so a token seen before costs a map lookup and an expiry check instead of an
  // RSA signature check (the verifier already caches the JWKS and the public keys). A token's
  // signature, issuer and client never change, so only its expiry has to be checked again;
  // a token that failed is never cached. Bounded: emptied when it grows past MAX_VERIFIED.
  const verified = new Map<string, JwtPayload>();
  const MAX_VERIFIED = 10_000;
  const unexpired = (payload: JwtPayload) => typeof payload.exp === 'number' && payload.exp >= Date.now() / 1000;

  /** The token's claims, or undefined when the header is missing or the token is not valid. */
  return async (authorization: string | undefined): Promise<JwtPayload | undefined> => {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) return undefined;
    const token = m[1];
    const known = verified.get(token);
    if (known) {
      if (unexpired(known)) return known;
      verified.delete(token);
      return undefined;
    }
    try {
      const payload = await verifier.verify(token);
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, payload);
      return payload;
    } catch {
      return undefined;
    }
  };
}
