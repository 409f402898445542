// Verifies a Google Sign-In ID token (RS256) against Google's published keys with jose.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  googleId: string;
  email: string;
  name?: string;
  picture?: string;
}

/** One key set per JWKS URL: jose caches the keys and refetches on an unknown key id. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** The verified identity, or undefined when the token is not a valid Google token for our client. */
export async function verifyGoogleCredential(credential: string, clientId: string, jwksUrl: string): Promise<GoogleIdentity | undefined> {
  let payload: JWTPayload & { email?: unknown; email_verified?: unknown; name?: unknown; picture?: unknown; };
  try {
    ({ payload } = await jwtVerify(credential, keySetFor(jwksUrl), { audience: clientId, issuer: GOOGLE_ISSUERS, algorithms: ['RS256'] }));
  } catch {
    return undefined;
  }
  // Google sends email_verified as a boolean; older tokens used the string "true".
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (!payload.sub || typeof payload.email !== 'string' || !verified) return undefined;
  return {
    googleId: payload.sub,
    email: payload.email.trim().toLowerCase(),
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 100) : undefined,
    picture: typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) ? payload.picture.slice(0, 500) : undefined,
  };
}
