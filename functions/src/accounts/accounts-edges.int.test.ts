/**
 * Accounts as an attacker would try them: parallel password guessing, locking the owner out, finding
 * out who has an account, old reset links, redirects to other sites, and failures half-way through
 * creating or deleting an account.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { loginLimits } from '@kork/functions/accounts/account-store';
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import { s3Client } from '@kork/functions/platform/s3';
import type { LoginResult } from '@kork/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowEdge, WINDOW_EDGE_TIMEOUT_MS } from '../../test/test-accounts';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
let jwksServer: Server;
let providerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const GOOGLE_CLIENT = 'kork-edges.apps.googleusercontent.com';

beforeAll(async () => {
  // A local stand-in for Google's published keys.
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  providerKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'edge-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_CLIENT_IDS = GOOGLE_CLIENT;
  origin = await startTestOrigin();
  // The demo accounts (a test logs one in). The other demo data has nothing to do with accounts, and the
  // checks below read the whole table many times over: it would only make each read slower.
  await applySeeds([accountsSeed, directorySeed]);
});

afterAll(async () => {
  await origin?.stop();
  await new Promise((r) => jwksServer?.close(r));
});

// — Helpers —

let counter = 0;
const uniqueEmail = () => `edge${Date.now()}${counter++}@example.no`;
const PASSWORD = 'Vin2020x';

/** A request as CloudFront passes it on: the viewer's own address in CloudFront-Viewer-Address. */
const from = (ip: string) => ({ 'cloudfront-viewer-address': `${ip}:51234` });

function signUpForm(email: string, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    userType: 'PRIVATE_USER',
    birthDate: '1990-05-01',
    firstName: 'Kari',
    lastName: 'Nordmann',
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

let png: Buffer;
async function withPicture(form: FormData): Promise<FormData> {
  png ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#7b2236' } })
    .png()
    .toBuffer();
  form.set('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  return form;
}

function mailsTo(to: string) {
  return origin.stack.outbox.list().filter((m) => m.to === to);
}

function tokenIn(text: string | undefined): string {
  const token = text?.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no link in ${text}`);
  return token;
}

async function verifiedAccount(email = uniqueEmail()): Promise<LoginResult> {
  const created = await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(email) });
  expect(created.status).toBe(201);
  const verified = await origin.api<LoginResult>(
    'GET',
    `/api/auth/verify?token=${tokenIn(mailsTo(email)[0]?.text)}`,
  );
  expect(verified.status).toBe(200);
  return verified.payload;
}

function logIn(email: string, password: string, headers: Record<string, string> = {}) {
  return origin.api<LoginResult>('POST', '/api/auth/log-in', { json: { email, password }, headers });
}

function googleToken(email: string): Promise<string> {
  return new SignJWT({ email, email_verified: true, given_name: 'Gro' })
    .setProtectedHeader({ alg: 'RS256', kid: 'edge-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT)
    .setSubject(`g-${email}`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(providerKey);
}

/** Every DynamoDB command the functions send, by name; `failOn(n)` makes the n-th one fail. */
function observeDynamo() {
  const name = `observe-${counter++}`;
  const calls: string[] = [];
  let failAt = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      if (failAt > 0 && calls.length === failAt) throw new Error('injected DynamoDB failure');
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    calls,
    failOn(n: number) {
      calls.length = 0;
      failAt = n;
    },
    stop: () => dynamoClient().middlewareStack.remove(name),
  };
}

let observer: ReturnType<typeof observeDynamo> | undefined;
afterEach(() => {
  observer?.stop();
  observer = undefined;
});

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({ TableName: 'kork', ExclusiveStartKey: start as never }),
    );
    for (const item of page.Items ?? []) items.push(unmarshall(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Nothing is half there: every address claim, provider link and link token belongs to an existing
 * account, every account has its address claim, and every stored picture belongs to an account.
 */
async function expectNothingHalfWritten(): Promise<void> {
  const items = await scanTable();
  const byEntity = (name: string) => items.filter((i) => i.__edb_e__ === name);
  const users = new Map(byEntity('user').map((u) => [u.id as string, u]));
  const claims = new Map(byEntity('accountEmail').map((c) => [c.email as string, c.ownerId as string]));
  const orphans = ['accountEmail', 'accountIdentity', 'accountToken'].flatMap((name) =>
    byEntity(name).filter((i) => !users.has(i.ownerId as string)),
  );
  expect(orphans).toEqual([]);
  const unclaimed = [...users.values()].filter((u) => claims.get(u.email as string) !== u.id);
  expect(unclaimed).toEqual([]);
  const objects = await s3Client().send(new ListObjectsV2Command({ Bucket: 'media', Prefix: 'users/' }));
  const strays = (objects.Contents ?? []).filter((o) => !users.has(String(o.Key).split('/')[1] ?? ''));
  expect(strays).toEqual([]);
}

/** The address registers, confirms and logs in as if it had never been tried. */
async function expectRegistersAfterwards(email: string): Promise<void> {
  const before = mailsTo(email).length;
  const created = await origin.api('POST', '/api/auth/sign-up', {
    form: await withPicture(signUpForm(email)),
  });
  expect(created.status).toBe(201);
  const mails = mailsTo(email);
  expect(mails.length).toBe(before + 1);
  expect(mails[0]?.subject).toBe('Confirm your email for Kork');
  const verified = await origin.api<LoginResult>('GET', `/api/auth/verify?token=${tokenIn(mails[0]?.text)}`);
  expect(verified.status).toBe(200);
  expect(verified.payload.user.profileImage).toMatch(/^\/users\/.+\/profileImage-.+\.png$/);
}

// — Tests —

describe('log-in attempts', () => {
  it(
    'checks at most 10 of 30 wrong passwords sent at once for one address from one client',
    async () => {
      const { user } = await verifiedAccount();
      await awayFromWindowEdge();
      const attacker = '198.51.100.7';
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => logIn(user.email, `Wrong${i}xYz`, from(attacker))),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const limits = loginLimits(user.email, attacker);
      const { data: windows } = await db()
        .entities.rateLimitWindow.query.byKey({ key: limits.client.key })
        .go();
      expect(windows.map((w) => w.count)).toEqual([10]);
      // Even the right password waits from that client…
      expect((await logIn(user.email, PASSWORD, from(attacker))).status).toBe(429);
      // …while the owner, from their own client, logs in.
      const owner = await logIn(user.email, PASSWORD, from('203.0.113.20'));
      expect(owner.status).toBe(200);
      expect(owner.payload.user.id).toBe(user.id);
    },
    WINDOW_EDGE_TIMEOUT_MS,
  );

  it(
    'stops guessing from many clients at 50 failures per address, but not the owner on a client they logged in from',
    async () => {
      const { user } = await verifiedAccount();
      await awayFromWindowEdge();
      const home = '203.0.113.44';
      expect((await logIn(user.email, PASSWORD, from(home))).status).toBe(200);
      // 49 failures from many clients this window already (each client under its own 10)…
      const limits = loginLimits(user.email, home);
      const windowStart = Math.floor(Date.now() / 1000 / 900) * 900;
      await db()
        .entities.rateLimitWindow.put({
          key: limits.address.key,
          windowStart,
          count: 49,
          expiresAt: windowStart + 1800,
        })
        .go();
      // …so of six more guesses from two new clients at once, one is checked.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          logIn(user.email, `Guess${i}Ab1`, from(`192.0.2.${(i % 2) + 1}`)),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      const { data: windows } = await db()
        .entities.rateLimitWindow.query.byKey({ key: limits.address.key })
        .go();
      expect(windows.map((w) => w.count)).toEqual([50]);
      // A client that never logged in to this address waits, even with the right password…
      expect((await logIn(user.email, PASSWORD, from('192.0.2.200'))).status).toBe(429);
      // …the owner's own client does not.
      expect((await logIn(user.email, PASSWORD, from(home))).status).toBe(200);
    },
    WINDOW_EDGE_TIMEOUT_MS,
  );
});

describe('what sign-up and recovery reveal', () => {
  it('answers a sign-up with a taken address exactly like one with a new address, and mails the owner', async () => {
    const { user } = await verifiedAccount();
    const fresh = uniqueEmail();
    const forNew = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(fresh, { password: 'Other123x', confirmPassword: 'Other123x' }),
      language: 'nb',
    });
    const forTaken = await origin.api('POST', '/api/auth/sign-up', {
      form: await withPicture(
        signUpForm(user.email, { password: 'Other123x', confirmPassword: 'Other123x', firstName: 'Ola' }),
      ),
      language: 'nb',
    });
    expect(forTaken.status).toBe(forNew.status);
    expect(forTaken.status).toBe(201);
    expect(forTaken.error).toEqual(forNew.error);
    expect(forTaken.payload).toEqual({ ...(forNew.payload as object), email: user.email });
    const notice = mailsTo(user.email)[0];
    expect(notice?.subject).toBe('Noen prøvde å registrere seg med e-postadressen din i Kork');
    expect(notice?.text).toContain('/sign-in?email=');
    expect(notice?.text).toContain('/password-recovery');
    expect(mailsTo(fresh)[0]?.subject).toBe('Bekreft e-postadressen din for Kork');
    // Nothing about the account changed, and no second account or picture appeared.
    expect((await logIn(user.email, PASSWORD, from('203.0.113.61'))).payload.user).toMatchObject({
      id: user.id,
      firstName: 'Kari',
      profileImage: null,
    });
    const accounts = (await scanTable()).filter((i) => i.__edb_e__ === 'user' && i.email === user.email);
    expect(accounts).toHaveLength(1);
    await expectNothingHalfWritten();

    const inEnglish = await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(user.email) });
    expect(inEnglish.status).toBe(201);
    expect(mailsTo(user.email)[0]?.subject).toBe('Someone tried to register with your email on Kork');
  });

  it('looks an address up the same way in recovery and resend whether or not it has an account', async () => {
    const { user } = await verifiedAccount();
    observer = observeDynamo();
    const runs: Record<string, string[]> = {};
    for (const [name, path, email] of [
      ['recovery, known', '/api/auth/password-recovery', user.email],
      ['recovery, unknown', '/api/auth/password-recovery', uniqueEmail()],
      ['resend, known', '/api/auth/verification-mail', user.email],
      ['resend, unknown', '/api/auth/verification-mail', uniqueEmail()],
    ] as const) {
      observer.failOn(0);
      const answer = await origin.api('POST', path, { json: { email } });
      expect(answer.status).toBe(200);
      runs[name] = [...observer.calls];
    }
    // Both count the request and read the address claim and an account; only a real account's
    // recovery then stores its link.
    expect(runs['recovery, unknown']).toEqual(['UpdateItem', 'GetItem', 'GetItem']);
    expect(runs['recovery, known']).toEqual(['UpdateItem', 'GetItem', 'GetItem', 'PutItem']);
    expect(runs['resend, unknown']).toEqual(runs['resend, known']);
  });
});

describe('reset links', () => {
  it('refuses a reset link issued before the password was changed', async () => {
    const { user, access_token } = await verifiedAccount();
    await origin.api('POST', '/api/auth/password-recovery', { json: { email: user.email } });
    const oldLink = tokenIn(mailsTo(user.email)[0]?.text);
    const changed = await origin.api('PATCH', `/api/users/${user.id}`, {
      token: access_token,
      json: { currentPassword: PASSWORD, password: 'Endret123', confirmPassword: 'Endret123' },
    });
    expect(changed.status).toBe(200);
    const reset = await origin.api('POST', '/api/auth/password-reset', {
      json: { token: oldLink, password: 'Angrep123', confirmPassword: 'Angrep123' },
    });
    expect(reset.status).toBe(400);
    expect(reset.error?.code).toBe('INVALID_TOKEN');
    expect((await logIn(user.email, 'Angrep123', from('203.0.113.71'))).status).toBe(401);
    expect((await logIn(user.email, 'Endret123', from('203.0.113.71'))).status).toBe(200);
  });

  it('lets one of two outstanding reset links set the password, and refuses the other afterwards', async () => {
    const { user } = await verifiedAccount();
    await origin.api('POST', '/api/auth/password-recovery', { json: { email: user.email } });
    await origin.api('POST', '/api/auth/password-recovery', { json: { email: user.email } });
    const [second, first] = mailsTo(user.email).map((m) => tokenIn(m.text));
    const used = await origin.api('POST', '/api/auth/password-reset', {
      json: { token: second, password: 'Forste123', confirmPassword: 'Forste123' },
    });
    expect(used.status).toBe(200);
    const other = await origin.api('POST', '/api/auth/password-reset', {
      json: { token: first, password: 'Andre1234', confirmPassword: 'Andre1234' },
    });
    expect(other.error?.code).toBe('INVALID_TOKEN');
    expect((await logIn(user.email, 'Forste123', from('203.0.113.72'))).status).toBe(200);
  });
});

describe('redirect_uri', () => {
  it('refuses an address on another origin, on log-in and sign-up alike', async () => {
    for (const redirect_uri of [
      'https://evil.example/',
      '//evil.example/feed',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      `${origin.base}/feed`,
    ]) {
      const answer = await origin.api('POST', '/api/auth/log-in', {
        json: { email: 'private@kork.local', password: 'Private1234', redirect_uri },
      });
      expect(answer.status, redirect_uri).toBe(400);
      expect(answer.error?.fields).toHaveProperty('redirect_uri');
    }
    const signUp = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(uniqueEmail(), { redirect_uri: 'https://evil.example/' }),
    });
    expect(signUp.status).toBe(400);
    const ok = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'private@kork.local', password: 'Private1234', redirect_uri: '/wine-cellar/home?tab=2' },
    });
    expect(ok.payload.redirect_uri).toBe('/wine-cellar/home?tab=2');
  });
});

describe('failures half-way', () => {
  it('leaves nothing behind when any DynamoDB call of a sign-up fails, and the address registers afterwards', async () => {
    observer = observeDynamo();
    observer.failOn(0);
    const counted = await origin.api('POST', '/api/auth/sign-up', {
      form: await withPicture(signUpForm(uniqueEmail())),
    });
    expect(counted.status).toBe(201);
    const steps = observer.calls.length;
    expect(steps).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= steps; n++) {
      const email = uniqueEmail();
      observer.failOn(n);
      const failed = await origin.api('POST', '/api/auth/sign-up', {
        form: await withPicture(signUpForm(email)),
      });
      expect(failed.status, `failing call ${n} of ${steps}`).toBe(500);
      observer.failOn(0);
      await expectNothingHalfWritten();
      await expectRegistersAfterwards(email);
    }
  }, 180_000);

  it('leaves nothing behind when the account cannot be stored (a latitude of 1e308)', async () => {
    const email = uniqueEmail();
    const failed = await origin.api('POST', '/api/auth/sign-up', {
      form: await withPicture(signUpForm(email, { userType: 'RESTAURANT', tastingLocationLat: '1e308' })),
    });
    expect(failed.status).not.toBe(201);
    await expectNothingHalfWritten();
    await expectRegistersAfterwards(email);
  });

  it('leaves nothing behind when any DynamoDB call of a Google sign-up fails', async () => {
    const googleForm = async (email: string) => {
      const idToken = await googleToken(email);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        idToken,
        userType: 'WINE_BAR',
        birthDate: '1985-02-03',
        firstName: 'Gro',
        lastName: 'Google',
        tastingLocationName: 'Gros Vinbar',
        tastingLocationAddress: 'Kirkegata 5, Oslo',
      }))
        form.set(k, v);
      return withPicture(form);
    };
    observer = observeDynamo();
    observer.failOn(0);
    expect(
      (await origin.api('POST', '/api/auth/sign-up/google', { form: await googleForm(uniqueEmail()) }))
        .status,
    ).toBe(201);
    const steps = observer.calls.length;
    for (let n = 1; n <= steps; n++) {
      const email = uniqueEmail();
      observer.failOn(n);
      const failed = await origin.api('POST', '/api/auth/sign-up/google', { form: await googleForm(email) });
      expect(failed.status, `failing call ${n} of ${steps}`).toBe(500);
      observer.failOn(0);
      await expectNothingHalfWritten();
      const again = await origin.api<LoginResult>('POST', '/api/auth/sign-up/google', {
        form: await googleForm(email),
      });
      expect(again.status).toBe(201);
      expect(again.payload.user.profileImage).toMatch(/^\/users\//);
    }
  }, 180_000);

  it('never leaves an account without its address, nor an address without its account, when deletion fails', async () => {
    /** An account with a picture, an unused reset link and a linked Google identity. */
    const account = async () => {
      const email = uniqueEmail();
      await origin.api('POST', '/api/auth/sign-up', { form: await withPicture(signUpForm(email)) });
      const verified = await origin.api<LoginResult>(
        'GET',
        `/api/auth/verify?token=${tokenIn(mailsTo(email)[0]?.text)}`,
      );
      await origin.api('POST', '/api/auth/password-recovery', { json: { email } });
      const linked = await origin.api('POST', '/api/auth/sign-in/google', {
        json: { idToken: await googleToken(email) },
      });
      expect(linked.status).toBe(200);
      return verified.payload;
    };
    const remove = (who: LoginResult) =>
      origin.api('DELETE', `/api/users/${who.user.id}`, {
        token: who.access_token,
        json: { action: 'delete', confirmation: 'DELETE' },
      });
    observer = observeDynamo();
    const first = await account();
    observer.failOn(0);
    expect((await remove(first)).status).toBe(202);
    // The request and the whole purge after it (the account-deletions queue delivers in this process).
    await origin.stack.broker.idle();
    const steps = observer.calls.length;
    expect(steps).toBeGreaterThanOrEqual(10);
    // The request's calls come first, the last step's (the mail's claim, the account's removal) last.
    const picks = [...new Set([1, 2, 3, 4, 5, Math.ceil(steps / 2), steps - 3, steps - 2, steps - 1, steps])];
    for (const n of picks.filter((p) => p >= 1 && p <= steps)) {
      const who = await account();
      observer.failOn(n);
      const answer = await remove(who);
      expect([202, 500], `failing call ${n} of ${steps}`).toContain(answer.status);
      await origin.stack.broker.idle();
      observer.failOn(0);
      await expectNothingHalfWritten();
      if (answer.status === 500) {
        // The request failed: the account is still whole, logs in and deletes itself.
        const back = await logIn(who.user.email, PASSWORD, from('203.0.113.90'));
        expect(back.status).toBe(200);
        expect((await remove(back.payload)).status).toBe(202);
        await origin.stack.broker.idle();
        await expectNothingHalfWritten();
      }
      // A purge step that failed was delivered again and finished; the person was mailed once.
      expect(origin.stack.broker.deadLetters('account-deletions')).toEqual([]);
      expect((await scanTable()).filter((i) => JSON.stringify(i).includes(who.user.id))).toEqual([]);
      expect(
        mailsTo(who.user.email).filter((m) => m.subject === 'Your Kork account is deleted'),
      ).toHaveLength(1);
      await expectRegistersAfterwards(who.user.email);
    }
  }, 180_000);
});
