/**
 * The local sign-in emulator at `/_dev/oidc`: an OpenID Connect provider standing in for Google and Apple
 * on `npm start` and in tests. It makes an RS256 key pair in memory at each start, publishes the public
 * half as a JWKS, and issues ID tokens signed with it for identities a person types or picks on its page,
 * with an issuer of its own per provider and the local client ids as audience. The API verifies them
 * exactly as it verifies Google's and Apple's (functions/src/accounts/social-tokens.ts), pointed here
 * by the environment its `env()` gives. Only the local origin mounts it: the cloud has none.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { readBody } from './lambda-http';

export type EmulatedProvider = 'google' | 'apple';

export const OIDC_PATH = '/_dev/oidc';

/** The client ids the local app is configured with, as Google and Apple would have issued them. */
export const LOCAL_CLIENT_IDS: Record<EmulatedProvider, string> = {
  google: 'kork-local.apps.googleusercontent.com',
  apple: 'no.kork.local.web',
};

/** People to pick from on the emulator's page; any other address may be typed. */
export const TEST_IDENTITIES = [
  { email: 'ingrid.berg@example.no', givenName: 'Ingrid', familyName: 'Berg' },
  { email: 'lars.haugen@example.no', givenName: 'Lars', familyName: 'Haugen' },
  { email: 'claire.martin@example.fr', givenName: 'Claire', familyName: 'Martin' },
] as const;

export interface EmulatedIdentity {
  email: string;
  givenName?: string;
  familyName?: string;
}

export interface TokenRequest extends EmulatedIdentity {
  provider: EmulatedProvider;
  /** The audience; the local client id of the provider unless a test asks for another. */
  clientId?: string;
  nonce?: string;
  /** When the token expires (seconds since the epoch); an hour from now unless a test asks otherwise. */
  expiresAt?: number;
}

const KEY_ID = 'kork-local-oidc-1';
const TOKEN_LIFETIME = '1h';
const MAX_FIELD = 254;

function isProvider(value: unknown): value is EmulatedProvider {
  return value === 'google' || value === 'apple';
}

function field(value: unknown, max = MAX_FIELD): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export class OidcEmulator {
  private constructor(
    private readonly privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'],
    private readonly publicJwk: JWK,
    /** Where the API fetches the key set and what the tokens name as issuer: this origin's address. */
    private base: string,
  ) {}

  static async create(base = 'http://127.0.0.1'): Promise<OidcEmulator> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
    return new OidcEmulator(privateKey, jwk, base);
  }

  /** Set once the origin listens and its port is known. */
  setBase(base: string): void {
    this.base = base.replace(/\/$/, '');
  }

  issuer(provider: EmulatedProvider): string {
    return `${this.base}${OIDC_PATH}/${provider}`;
  }

  jwksUrl(): string {
    return `${this.base}${OIDC_PATH}/jwks`;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  /** What the API needs to accept this emulator's tokens (and only for the local client ids). */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_IDS: LOCAL_CLIENT_IDS.google,
      APPLE_CLIENT_IDS: LOCAL_CLIENT_IDS.apple,
      GOOGLE_JWKS_URL: this.jwksUrl(),
      APPLE_JWKS_URL: this.jwksUrl(),
      GOOGLE_ISSUER: this.issuer('google'),
      APPLE_ISSUER: this.issuer('apple'),
      // `GET /api/config` tells the web app to sign in here instead of loading Google's or Apple's script.
      SIGN_IN_EMULATOR: OIDC_PATH,
    };
  }

  /**
   * An ID token as the provider shapes it: Google's carries the names, Apple's only the address (Apple
   * hands the name beside the token, on the first sign-in). The subject is stable per provider and address.
   */
  async issue(request: TokenRequest): Promise<string> {
    const email = request.email.toLowerCase();
    const subject = createHash('sha256').update(`${request.provider}:${email}`).digest('hex').slice(0, 21);
    const claims: Record<string, unknown> = { email, email_verified: true };
    if (request.provider === 'google') {
      if (request.givenName) claims.given_name = request.givenName;
      if (request.familyName) claims.family_name = request.familyName;
      const name = [request.givenName, request.familyName].filter(Boolean).join(' ');
      if (name) claims.name = name;
    }
    if (request.nonce) claims.nonce = request.nonce;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(this.issuer(request.provider))
      .setAudience(request.clientId ?? LOCAL_CLIENT_IDS[request.provider])
      .setSubject(subject)
      .setIssuedAt(request.expiresAt === undefined ? undefined : request.expiresAt - 3600)
      .setExpirationTime(request.expiresAt ?? TOKEN_LIFETIME)
      .sign(this.privateKey);
  }

  /** Answers a request under `/_dev/oidc`; false when the path is not the emulator's. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.slice(OIDC_PATH.length) || '/';
    const method = req.method ?? 'GET';
    if (path === '/jwks' && method === 'GET') {
      json(res, 200, this.jwks());
      return true;
    }
    const discovery = path.match(/^\/(google|apple)\/\.well-known\/openid-configuration$/);
    if (discovery && method === 'GET') {
      const provider = discovery[1] as EmulatedProvider;
      json(res, 200, {
        issuer: this.issuer(provider),
        authorization_endpoint: `${this.base}${OIDC_PATH}/authorize?provider=${provider}`,
        token_endpoint: `${this.base}${OIDC_PATH}/token`,
        jwks_uri: this.jwksUrl(),
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
      return true;
    }
    if (path === '/authorize' && method === 'GET') {
      const provider = url.searchParams.get('provider');
      if (!isProvider(provider)) {
        json(res, 400, { error: 'provider must be google or apple' });
        return true;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(authorizePage(provider, url.searchParams.get('nonce') ?? ''));
      return true;
    }
    if (path === '/emulator.js' && method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PAGE_SCRIPT);
      return true;
    }
    if (path === '/token' && method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse((await readBody(req, 16 * 1024)).toString('utf8') || '{}');
      } catch {
        json(res, 400, { error: 'a JSON body is required' });
        return true;
      }
      const email = field(body.email);
      if (!isProvider(body.provider) || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        json(res, 400, { error: 'provider and a valid email are required' });
        return true;
      }
      const identity = {
        email,
        givenName: field(body.givenName, 60),
        familyName: field(body.familyName, 60),
      };
      const idToken = await this.issue({
        provider: body.provider,
        ...identity,
        nonce: field(body.nonce, 200),
      });
      json(res, 200, { id_token: idToken, user: identity });
      return true;
    }
    return false;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The page a person signs in on: plainly the local emulator, not Google's or Apple's. Its script is a
 * file of its own (the origin's Content-Security-Policy allows no inline script).
 */
function authorizePage(provider: EmulatedProvider, nonce: string): string {
  const name = provider === 'google' ? 'Google' : 'Apple';
  const picks = TEST_IDENTITIES.map(
    (p) =>
      `<li><button type="button" class="pick" data-email="${escapeHtml(p.email)}" data-given-name="${escapeHtml(p.givenName)}" data-family-name="${escapeHtml(p.familyName)}">${escapeHtml(`${p.givenName} ${p.familyName}`)} <small>${escapeHtml(p.email)}</small></button></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local sign-in emulator — not ${name}</title>
<style>
body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:16px;max-width:420px;color:#222}
h1{font-size:1.2rem;margin:0 0 4px}
p{margin:0 0 12px;color:#555}
ul{list-style:none;padding:0;margin:0 0 12px}
li{margin:0 0 6px}
button{font:inherit;padding:8px 12px;border-radius:8px;border:1px solid #999;background:#fff;cursor:pointer}
.pick{width:100%;text-align:left}
.pick small{display:block;color:#666}
label{display:block;margin:0 0 8px}
input{display:block;box-sizing:border-box;width:100%;font:inherit;padding:6px 8px;margin-top:2px}
.actions{display:flex;gap:8px;justify-content:space-between;margin-top:12px}
.primary{background:#6b1d2e;color:#fff;border-color:#6b1d2e}
[role=alert]{color:#a00}
</style>
</head>
<body>
<main data-provider="${provider}" data-nonce="${escapeHtml(nonce)}">
<h1>Local sign-in emulator — not ${name}</h1>
<p>This page stands in for ${name} on this machine. It signs a test identity for the app; nothing leaves this computer.</p>
<ul>${picks}</ul>
<form id="identity">
<label>Email <input name="email" type="email" required autocomplete="off"></label>
<label>Given name <input name="givenName" autocomplete="off"></label>
<label>Family name <input name="familyName" autocomplete="off"></label>
<p id="problem" role="alert"></p>
<div class="actions">
<button type="button" id="cancel">Cancel</button>
<button type="submit" class="primary">Sign in as this person</button>
</div>
</form>
</main>
<script src="${OIDC_PATH}/emulator.js"></script>
</body>
</html>`;
}

/** The page's behaviour: get a token for the identity and hand it to the app window that opened it. */
const PAGE_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const provider = main.dataset.provider;
  const nonce = main.dataset.nonce;
  const form = document.getElementById('identity');
  const problem = document.getElementById('problem');
  function answer(message) {
    if (window.opener) window.opener.postMessage({ type: 'kork-oidc-emulator', provider, ...message }, location.origin);
    window.close();
  }
  async function signIn(identity) {
    problem.textContent = '';
    const res = await fetch('${OIDC_PATH}/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider, nonce, ...identity }),
    });
    const body = await res.json();
    if (!res.ok) { problem.textContent = body.error || 'Could not sign in'; return; }
    answer({ idToken: body.id_token, user: body.user });
  }
  for (const pick of document.querySelectorAll('.pick')) {
    pick.addEventListener('click', () => {
      form.email.value = pick.dataset.email;
      form.givenName.value = pick.dataset.givenName;
      form.familyName.value = pick.dataset.familyName;
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn({ email: form.email.value, givenName: form.givenName.value, familyName: form.familyName.value });
  });
  document.getElementById('cancel').addEventListener('click', () => answer({ error: 'cancelled' }));
})();
`;
