/**
 * No request takes the origin down. Generated from the manifest: every route whose handler takes
 * multipart bodies (`handler.route.spec.multipart`) gets the bodies that once crashed the parser or
 * could, as the user the route needs; each must be a 4xx, and the origin must still answer afterwards.
 * A route added to the manifest later is covered with no new test code.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { env } from '@kork/functions/platform/env';
import type { RouteDescription } from '@kork/functions/platform/http';
import { s3Client } from '@kork/functions/platform/s3';
import { type AuthLevel, type RouteDef, routes } from '@kork/functions/routes';
import type { LoginResult } from '@kork/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunction } from './stack';
import { startTestOrigin, type TestOrigin } from './test-stack';

interface UploadRoute {
  key: string;
  method: string;
  path: string;
  auth: AuthLevel;
}

/** Every manifest route whose handler module says it takes multipart bodies. */
async function uploadRoutes(): Promise<UploadRoute[]> {
  const found: UploadRoute[] = [];
  for (const [key, def] of Object.entries(routes) as [string, RouteDef][]) {
    const handler = await loadFunction<{ route?: RouteDescription }>(def.handler);
    if (!handler.route?.spec.multipart) continue;
    const [method = 'POST', path = '/'] = key.split(' ');
    found.push({ key, method, path, auth: def.auth });
  }
  return found;
}

const UPLOAD_ROUTES = await uploadRoutes();

/** Who calls a route of each auth level: a demo account of that kind. */
const CALLERS: Record<AuthLevel, { email: string; password: string } | undefined> = {
  public: undefined,
  user: { email: 'private@kork.local', password: 'Private1234' },
  business: { email: 'restaurant@kork.local', password: 'Restaurant1' },
  admin: { email: 'admin@kork.local', password: 'Admin1234' },
  // The till's routes take no session: a crash body is refused at the key before anything is parsed.
  pos: undefined,
};

/** A syntactically valid id for path parameters other than the caller's own `{id}`. */
const SOME_ID = '01HZX3K9Q7M2V8T4B6N1C5D0EF';

const BOUNDARY = 'kork-crash-boundary';
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const END = `--${BOUNDARY}--\r\n`;

function field(name: string, value: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

function file(name: string, filename: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
}

/** The same picture under every name an upload route reads its file from. */
function picture(filename: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    ...['file', 'image', 'profileImage'].map((name) => file(name, filename, type, content)),
    Buffer.from(END),
  ]);
}

interface CrashBody {
  name: string;
  contentType: string;
  body: Buffer;
}

let origin: TestOrigin;
const callers: Partial<Record<AuthLevel, { token: string; id: string }>> = {};
const bodies: CrashBody[] = [];
let bomb: Buffer;

async function logIn(level: AuthLevel): Promise<void> {
  const caller = CALLERS[level];
  if (!caller) return;
  const answer = await origin.api<LoginResult>('POST', '/api/auth/log-in', { json: caller });
  expect(answer.status).toBe(200);
  callers[level] = { token: answer.payload.access_token, id: answer.payload.user.id };
}

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([accountsSeed]);
  for (const level of ['user', 'business', 'admin'] as const) await logIn(level);

  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7b2236' } })
    .jpeg()
    .toBuffer();
  // A compressed PNG of 20,000 × 20,000 pixels: about a megabyte that decodes to 1.2 GB.
  bomb = await sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: '#ffffff' },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256));
  const formWithFile = Buffer.concat([field('firstName', 'Kari'), file('file', 'a.jpg', 'image/jpeg', jpeg)]);
  bodies.push(
    {
      name: '`__proto__[]`',
      contentType: FORM_TYPE,
      body: Buffer.concat([field('__proto__[]', 'x'), Buffer.from(END)]),
    },
    {
      name: '`constructor[]`',
      contentType: FORM_TYPE,
      body: Buffer.concat([field('constructor[]', 'x'), Buffer.from(END)]),
    },
    {
      name: '`a` then `a[]`',
      contentType: FORM_TYPE,
      body: Buffer.concat([field('a', '1'), field('a[]', '2'), Buffer.from(END)]),
    },
    {
      name: 'a wrong boundary',
      contentType: 'multipart/form-data; boundary=not-the-one-used',
      body: Buffer.concat([formWithFile, Buffer.from(END)]),
    },
    {
      name: 'no boundary',
      contentType: 'multipart/form-data',
      body: Buffer.concat([formWithFile, Buffer.from(END)]),
    },
    {
      name: 'a truncated body',
      contentType: FORM_TYPE,
      body: formWithFile.subarray(0, formWithFile.length - 500),
    },
    { name: 'binary garbage', contentType: FORM_TYPE, body: garbage },
    {
      name: 'a text file named .jpg',
      contentType: FORM_TYPE,
      body: picture('photo.jpg', 'image/jpeg', Buffer.from('this is not a picture\n'.repeat(50))),
    },
    {
      name: 'a JPEG cut short',
      contentType: FORM_TYPE,
      body: picture('photo.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2))),
    },
    {
      name: 'a 20,000 × 20,000 pixel PNG',
      contentType: FORM_TYPE,
      body: picture('bomb.jpg', 'image/png', bomb),
    },
  );
});

afterAll(async () => {
  await origin?.stop();
});

function pathFor(route: UploadRoute): string {
  const caller = callers[route.auth];
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' && caller ? caller.id : SOME_ID,
  );
}

async function send(route: UploadRoute, crash: CrashBody) {
  const headers: Record<string, string> = {
    'x-api-key': 'kork-local-web',
    'content-type': crash.contentType,
  };
  const caller = callers[route.auth];
  if (caller) headers.authorization = `Bearer ${caller.token}`;
  const res = await fetch(`${origin.base}${pathFor(route)}`, {
    method: route.method,
    headers,
    body: new Uint8Array(crash.body),
  });
  return { status: res.status, text: await res.text() };
}

async function healthy(): Promise<number> {
  return (await origin.api('GET', '/api/health')).status;
}

it('finds the upload routes in the manifest', () => {
  expect(UPLOAD_ROUTES.map((r) => r.key)).toEqual(
    expect.arrayContaining([
      'POST /api/auth/sign-up',
      'POST /api/users/{id}/images',
      'POST /api/users/{id}/tasting-images',
      'POST /api/wine-cellars/users/{id}/cellars/{cellarId}/images',
    ]),
  );
});

describe.each(UPLOAD_ROUTES)('$key', (route) => {
  it('answers every crash body with a 4xx and keeps serving', async () => {
    expect(bodies.length).toBeGreaterThan(0);
    for (const crash of bodies) {
      const answer = await send(route, crash);
      expect(answer.status, `${crash.name}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${crash.name}: ${answer.text}`).toBeLessThan(500);
      expect(await healthy(), `after ${crash.name}`).toBe(200);
    }
  });
});

describe('request hygiene', () => {
  it('refuses a sign-up with a pixel bomb for a picture, in Norwegian, before anything is written', async () => {
    const email = `bomb-${Date.now()}@example.no`;
    const form = new FormData();
    const fields = {
      email,
      password: 'Vin2020x',
      confirmPassword: 'Vin2020x',
      userType: 'PRIVATE_USER',
      birthDate: '1990-05-01',
      firstName: 'Kari',
      lastName: 'Nordmann',
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('profileImage', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'me.png');
    const answer = await origin.api('POST', '/api/auth/sign-up', { form, language: 'nb' });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toEqual({ profileImage: 'Bildet er for stort: høyst 40 megapiksler' });
    expect(origin.stack.outbox.list().some((mail) => mail.to === email)).toBe(false);
  });

  it('answers 400 to a path whose escapes decode to no text', async () => {
    const answer = await origin.api('GET', '/api/wines/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('VALIDATION');
  });

  it.each([
    '/api/wines/{id}',
    '/api/users/{id}/profile',
    '/api/shared-locations/{id}',
    '/api/embed/wines/{id}',
  ])('answers 400 to GET %s with a 2,100-character id', async (path) => {
    const answer = await origin.api('GET', path.replace('{id}', 'A'.repeat(2_100)));
    expect(answer.status).toBe(400);
    expect(Object.values(answer.error?.fields ?? {})).toEqual(['At most 64 characters']);
  });

  it('answers /img of a stored image that is not one with a 4xx, and of a missing one with 404', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#224' } })
      .jpeg()
      .toBuffer();
    const stored = {
      'users/crash/not-an-image.jpg': Buffer.from('<html>this is not a picture</html>'),
      'users/crash/cut-short.jpg': jpeg.subarray(0, Math.floor(jpeg.length / 3)),
    };
    for (const [key, body] of Object.entries(stored)) {
      await s3Client().send(
        new PutObjectCommand({ Bucket: env.mediaBucket(), Key: key, Body: body, ContentType: 'image/jpeg' }),
      );
      const res = await fetch(`${origin.base}/img?url=${encodeURIComponent(`/${key}`)}&w=128`);
      expect(res.status, key).toBeGreaterThanOrEqual(400);
      expect(res.status, key).toBeLessThan(500);
    }
    const missing = await fetch(
      `${origin.base}/img?url=${encodeURIComponent('/users/crash/none.jpg')}&w=128`,
    );
    expect(missing.status).toBe(404);
    const badEscape = await fetch(`${origin.base}/img?url=/users/%25E0%25A4%25A.jpg&w=128`);
    expect(badEscape.status).toBe(400);
    expect(await healthy()).toBe(200);
  });
});
