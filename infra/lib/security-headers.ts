/**
 * The security headers every response of the app carries, defined once: the CloudFront response headers
 * policies (web-stack.ts) and the local origin (infra/local/server.ts) are both built from this file, so
 * the browser tests run under the same Content-Security-Policy as the cloud. Plain data: the local origin
 * imports it without loading the CDK.
 */

export type FramePolicy = 'deny' | 'any-site';

export interface SecurityHeaderSet {
  contentSecurityPolicy: string;
  /** `X-Frame-Options`; absent where other sites may frame the page (no value of it allows that). */
  frameOptions?: 'DENY';
  hstsMaxAgeSeconds: number;
  hstsIncludeSubdomains: boolean;
  referrerPolicy: 'strict-origin-when-cross-origin';
  /** `X-Content-Type-Options: nosniff`. */
  contentTypeNosniff: true;
}

/** Two years, the value HSTS preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/**
 * Styles allow 'unsafe-inline': Mantine and the app set element styles and inject style tags at run time.
 * Scripts do not: the built app has no inline script.
 */
function contentSecurityPolicy(
  frameAncestors: string,
  dev: boolean,
  connectSources: readonly string[] = [],
  imageSources: readonly string[] = [],
  signIn: SignInProviders = {},
): string {
  const providers = providerSources(signIn);
  return [
    "default-src 'self'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    // Vite's development server puts an inline module (the React refresh preamble) into the page.
    [dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'", ...providers.script].join(' '),
    ["style-src 'self' 'unsafe-inline'", ...providers.style].join(' '),
    // ... and reloads it over a WebSocket on the same port.
    ["connect-src 'self'", ...(dev ? ['ws:', 'wss:'] : []), ...connectSources, ...providers.connect].join(
      ' ',
    ),
    ...(providers.frame.length > 0 ? [["frame-src 'self'", ...providers.frame].join(' ')] : []),
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The sign-in providers a deployment offers (it has their client ids). */
export interface SignInProviders {
  google?: boolean;
  apple?: boolean;
}

/**
 * What Google Identity Services and Sign in with Apple JS load, as the providers document it: their
 * script, Google's button styles and its frame and requests, Apple's frame. Only for a provider offered.
 */
function providerSources(signIn: SignInProviders) {
  return {
    script: [
      ...(signIn.google ? ['https://accounts.google.com/gsi/client'] : []),
      ...(signIn.apple ? ['https://appleid.cdn-apple.com'] : []),
    ],
    style: signIn.google ? ['https://accounts.google.com/gsi/style'] : [],
    connect: signIn.google ? ['https://accounts.google.com/gsi/'] : [],
    frame: [
      ...(signIn.google ? ['https://accounts.google.com/gsi/'] : []),
      ...(signIn.apple ? ['https://appleid.apple.com'] : []),
    ],
  };
}

/** Every path but the embed: nobody may frame it. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy("'none'", false);

/** `/embed/*`: the wine card other sites show in an iframe; everything else as strict as the rest. */
export const EMBED_CONTENT_SECURITY_POLICY = contentSecurityPolicy('*', false);

/** The path pattern of the embed pages, as CloudFront writes it. */
export const EMBED_PATH_PATTERN = '/embed/*';

export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith('/embed/');
}

/**
 * `connectSources`: origins the page may also send requests to. Only the cloud passes one, the imports
 * bucket's endpoint for presigned uploads; the local origin forwards those itself (same origin).
 * `imageSources`: origins the page may load images from besides its own: the map's tile service when
 * the deployment configures one (the local origin serves its stand-in tiles itself).
 */
export function securityHeaderSet(
  framing: FramePolicy,
  options: {
    dev?: boolean;
    connectSources?: readonly string[];
    imageSources?: readonly string[];
    /** Google's and Apple's sign-in scripts, when the deployment offers them (the local emulator needs none). */
    signIn?: SignInProviders;
  } = {},
): SecurityHeaderSet {
  const dev = options.dev ?? false;
  return {
    contentSecurityPolicy: contentSecurityPolicy(
      framing === 'deny' ? "'none'" : '*',
      dev,
      options.connectSources,
      options.imageSources,
      options.signIn,
    ),
    ...(framing === 'deny' ? { frameOptions: 'DENY' as const } : {}),
    hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS,
    hstsIncludeSubdomains: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    contentTypeNosniff: true,
  };
}

/** The headers as CloudFront writes them onto a response. */
export function securityHeaderValues(set: SecurityHeaderSet): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': set.contentSecurityPolicy,
    'strict-transport-security': `max-age=${set.hstsMaxAgeSeconds}${set.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': set.referrerPolicy,
  };
  if (set.frameOptions) headers['x-frame-options'] = set.frameOptions;
  return headers;
}

/**
 * The headers for one request path at the local origin, as the distribution's behaviours choose them.
 * `dev` (Vite's hot reload) relaxes only what the development server needs.
 */
export function securityHeadersFor(
  pathname: string,
  options: { dev?: boolean } = {},
): Record<string, string> {
  return securityHeaderValues(securityHeaderSet(isEmbedPath(pathname) ? 'any-site' : 'deny', options));
}
