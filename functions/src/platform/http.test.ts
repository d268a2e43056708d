import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { resetSigningKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth';
import { resetEnvCache } from './env';
import { ConflictError, NotFoundError } from './errors';
import { httpRoute } from './http';

const KEY = Buffer.alloc(32, 7).toString('base64');

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers: { 'x-api-key': 'web-key', 'content-type': 'application/json' },
    requestContext: {
      requestId: 'req-1',
      http: { method: 'POST' },
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...overrides,
  };
}

const context = { awsRequestId: 'aws-1' } as Context;

async function call(handler: ReturnType<typeof httpRoute>, e: APIGatewayProxyEventV2) {
  const result = (await handler(e, context)) as APIGatewayProxyStructuredResultV2;
  return {
    status: result.statusCode,
    headers: result.headers ?? {},
    body: JSON.parse(result.body || 'null'),
  };
}

const echo = httpRoute(
  'GET /api/health',
  { body: z.object({ email: z.email({ error: 'invalidEmail' }), name: z.string() }) },
  async (req) => ({
    status: 201,
    payload: { email: req.body.email, locale: req.locale, currency: req.currency },
  }),
);

describe('the HTTP contract', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key,ai-key';
    process.env.AUTH_SIGNING_KEY = KEY;
    resetEnvCache();
    resetSigningKey();
  });
  afterEach(() => {
    delete process.env.API_KEYS;
    delete process.env.AUTH_SIGNING_KEY;
  });

  it('answers 403 when the API key is missing or unknown, with a request id', async () => {
    // Prepare
    const missing = event({ headers: { 'content-type': 'application/json' } });
    const unknown = event({ headers: { 'x-api-key': 'nope' } });
    // Act
    const a = await call(echo, missing);
    const b = await call(echo, unknown);
    // Assess
    expect(a.status).toBe(403);
    expect(a.body).toEqual({ error: { code: 'API_KEY', message: 'Missing or unknown API key' } });
    expect(a.headers['x-request-id']).toBe('req-1');
    expect(b.status).toBe(403);
  });

  it('rejects malformed JSON with 400 and does not call the handler', async () => {
    const result = await call(echo, event({ body: '{"email": ' }));
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('MALFORMED_JSON');
  });

  it('answers 400 with a message per field, in the language asked for', async () => {
    const en = await call(echo, event({ body: JSON.stringify({ email: 'not-an-email' }) }));
    expect(en.status).toBe(400);
    expect(en.body.error).toEqual({
      code: 'VALIDATION',
      message: 'Some fields are not valid',
      fields: { email: 'Invalid email', name: 'Required' },
    });
    const nb = await call(
      echo,
      event({
        headers: {
          'x-api-key': 'web-key',
          'content-type': 'application/json',
          'accept-language': 'nb-NO,nb;q=0.9',
        },
        body: JSON.stringify({ email: 'x' }),
      }),
    );
    expect(nb.body.error.fields).toEqual({ email: 'Ugyldig e-postadresse', name: 'Påkrevd' });
  });

  it('wraps a success in the payload envelope and reads language and currency headers', async () => {
    const result = await call(
      echo,
      event({
        headers: {
          'x-api-key': 'web-key',
          'content-type': 'application/json',
          'accept-language': 'nb',
          'x-currency': 'nok',
        },
        body: JSON.stringify({ email: 'ola@example.no', name: 'Ola' }),
      }),
    );
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ payload: { email: 'ola@example.no', locale: 'nb', currency: 'NOK' } });
  });

  it('falls back to EUR for an unknown currency', async () => {
    const result = await call(
      echo,
      event({
        headers: { 'x-api-key': 'web-key', 'content-type': 'application/json', 'x-currency': 'XYZ' },
        body: '{"email":"a@b.no","name":"A"}',
      }),
    );
    expect(result.body.payload.currency).toBe('EUR');
  });

  it('refuses a body over 50 MB with 413 before parsing it', async () => {
    const result = await call(
      echo,
      event({
        headers: {
          'x-api-key': 'web-key',
          'content-type': 'application/json',
          'content-length': String(51 * 1024 * 1024),
        },
        body: '{}',
      }),
    );
    expect(result.status).toBe(413);
    expect(result.body.error.message).toBe('Image size exceeds maximum allowed size (50MB)');
  });

  it('refuses a content type the route does not take with 415', async () => {
    const result = await call(
      echo,
      event({ headers: { 'x-api-key': 'web-key', 'content-type': 'text/plain' }, body: 'hi' }),
    );
    expect(result.status).toBe(415);
  });

  it('maps domain errors to their status in one place', async () => {
    const missing = httpRoute('GET /api/health', {}, async () => {
      throw new NotFoundError();
    });
    const conflict = httpRoute('GET /api/health', {}, async () => {
      throw new ConflictError({ text: 'Already counted' });
    });
    expect((await call(missing, event())).status).toBe(404);
    const c = await call(conflict, event());
    expect(c.status).toBe(409);
    expect(c.body.error).toEqual({ code: 'CONFLICT', message: 'Already counted' });
  });

  it('hides the details of an unexpected failure behind a bare 500', async () => {
    const broken = httpRoute('GET /api/health', {}, async () => {
      throw new Error('connection string with password=secret');
    });
    const result = await call(broken, event());
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expect(result.headers['x-request-id']).toBe('req-1');
  });
});

describe('path ids', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key';
    process.env.AUTH_SIGNING_KEY = KEY;
    resetEnvCache();
    resetSigningKey();
  });

  const looked: string[] = [];
  const byId = httpRoute(
    'GET /api/users/{id}/statistic',
    {
      sessions: async (userId) => {
        looked.push(userId);
        return undefined;
      },
    },
    async (req) => ({ payload: req.params }),
  );
  const signed = () =>
    new SignJWT({ role: 'user', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('demo-private')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(Buffer.from(KEY, 'base64'));
  const withId = async (id: string) =>
    event({
      pathParameters: { id },
      headers: { 'x-api-key': 'web-key', authorization: `Bearer ${await signed()}` },
    });

  it.each([
    ['2,100 characters', 'A'.repeat(2_100), 'At most 64 characters'],
    ['a slash and dots', '../other', 'Not a valid id'],
    ['a space', 'demo expert', 'Not a valid id'],
    ['a letter outside ASCII', 'vinkjøpmann', 'Not a valid id'],
    ['a NUL', 'a\u0000b', 'Not a valid id'],
    ['nothing', '', 'Not a valid id'],
  ])('refuses an id with %s with 400, before the session or the table is read', async (_case, id, text) => {
    const result = await call(byId, await withId(id));
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: 'VALIDATION',
      message: 'Some fields are not valid',
      fields: { id: text },
    });
    expect(looked).toEqual([]);
  });

  it('passes the ids the app makes: ULIDs, demo account ids and share tokens', async () => {
    for (const id of ['01HZX3K9Q7M2V8T4B6N1C5D0EF', 'demo-restaurant', 'q3T_8bX-2mZkL0aP9sV1wQ']) {
      // Past the id check the route reads the session (none here, so 401).
      expect((await call(byId, await withId(id))).status).toBe(401);
    }
    expect(looked).toEqual(['demo-private', 'demo-private', 'demo-private']);
  });
});

describe('the bearer-token slot', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key';
    process.env.AUTH_SIGNING_KEY = KEY;
    resetEnvCache();
    resetSigningKey();
  });

  it('lets a public route through without a token and ignores a bad one', async () => {
    const sessions = async () => undefined;
    const open = httpRoute('GET /api/config', { sessions }, async (req) => ({
      payload: req.principal ?? null,
    }));
    expect((await call(open, event())).body).toEqual({ payload: null });
    const withBad = event({ headers: { 'x-api-key': 'web-key', authorization: 'Bearer garbage' } });
    expect((await call(open, withBad)).status).toBe(200);
  });

  it('verifies a signed token and exposes the principal', async () => {
    const token = await new SignJWT({ role: 'business', ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(Buffer.from(KEY, 'base64'));
    const sessions = async () => ({
      role: 'business' as const,
      tokenVersion: 3,
      status: 'active' as const,
      isExpert: false,
    });
    const open = httpRoute('GET /api/config', { sessions }, async (req) => ({
      payload: req.principal ?? null,
    }));
    const result = await call(
      open,
      event({ headers: { 'x-api-key': 'web-key', authorization: `Bearer ${token}` } }),
    );
    expect(result.body.payload).toEqual({ userId: 'user-1', role: 'business', isExpert: false });
  });
});

describe('access before the body', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key';
    process.env.AUTH_SIGNING_KEY = KEY;
    resetEnvCache();
    resetSigningKey();
  });

  const guarded = (allow: boolean, calls: string[]) =>
    httpRoute(
      'GET /api/health',
      {
        params: z.object({ eventId: z.string().check(z.maxLength(30)) }),
        body: z.strictObject({ name: z.string() }),
        access: async (req) => {
          calls.push(`access ${(req.params as { eventId: string }).eventId}`);
          if (!allow) throw new NotFoundError();
          return { organiser: 'user-1' };
        },
      },
      async (req) => ({ payload: req.access }),
    );
  const withId = (body: string) => event({ pathParameters: { eventId: 'e1' }, body });

  it('answers a caller without access 404 whatever the body, even malformed', async () => {
    const calls: string[] = [];
    const denied = guarded(false, calls);
    expect((await call(denied, withId('{"color":"red"}'))).status).toBe(404);
    expect((await call(denied, withId('{"name": '))).status).toBe(404);
    expect(calls).toEqual(['access e1', 'access e1']);
  });

  it('checks the body once access is granted, and hands the handler what access answered', async () => {
    const calls: string[] = [];
    const granted = guarded(true, calls);
    const bad = await call(granted, withId('{"color":"red"}'));
    expect(bad.status).toBe(400);
    const good = await call(granted, withId('{"name":"Smaking"}'));
    expect(good.body).toEqual({ payload: { organiser: 'user-1' } });
  });

  it('decides access only with valid path ids', async () => {
    const calls: string[] = [];
    const denied = guarded(false, calls);
    const result = await call(denied, event({ pathParameters: { eventId: 'x'.repeat(31) }, body: '{}' }));
    expect(result.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('hands a raw-body route the exact bytes sent, with no client key, and still limits its size', async () => {
    const webhook = httpRoute('POST /api/payments/webhook', { rawBody: true }, async (req) => ({
      payload: { hex: (req.body as unknown as Buffer).toString('hex') },
    }));
    const raw = '{"b": 1,\n "a":"ø"}';
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=00' };
    const plain = await call(webhook, event({ headers, body: raw }));
    expect(plain.status).toBe(200);
    expect(plain.body.payload.hex).toBe(Buffer.from(raw, 'utf8').toString('hex'));
    const encoded = await call(
      webhook,
      event({ headers, body: Buffer.from(raw).toString('base64'), isBase64Encoded: true }),
    );
    expect(encoded.body.payload.hex).toBe(Buffer.from(raw, 'utf8').toString('hex'));
    const tooLarge = await call(
      webhook,
      event({ headers: { ...headers, 'content-length': String(100 * 1024 * 1024) }, body: raw }),
    );
    expect(tooLarge.status).toBe(413);
  });
});
