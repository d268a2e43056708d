import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import { s3Client } from '@kork/functions/platform/s3';
import { seedSteps } from '@kork/functions/seeds';
import type { LoginResult, User } from '@kork/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowEdge, WINDOW_EDGE_TIMEOUT_MS } from '../../test/test-accounts';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
let jwksServer: Server;
let googleKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const GOOGLE_CLIENT = 'kork-test.apps.googleusercontent.com';
const APPLE_CLIENT = 'no.kork.test';

beforeAll(async () => {
  // A local stand-in for Google's published keys.
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  googleKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_CLIENT_IDS = GOOGLE_CLIENT;
  // The same local key set stands in for Apple's.
  process.env.APPLE_JWKS_URL = process.env.GOOGLE_JWKS_URL;
  process.env.APPLE_CLIENT_IDS = APPLE_CLIENT;
  origin = await startTestOrigin();
  await applySeeds(seedSteps);
});

afterAll(async () => {
  await origin?.stop();
  await new Promise((r) => jwksServer?.close(r));
});

let counter = 0;
const uniqueEmail = () => `person${Date.now()}${counter++}@example.no`;

function signUpForm(email: string, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    email,
    password: 'Vin2020x',
    confirmPassword: 'Vin2020x',
    userType: 'PRIVATE_USER',
    birthDate: '1990-05-01',
    firstName: 'Kari',
    lastName: 'Nordmann',
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

async function latestLink(to: string): Promise<string> {
  const mail = origin.stack.outbox.list().find((m) => m.to === to);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

/** Registers and verifies an account; answers its login result. */
async function verifiedAccount(email = uniqueEmail()): Promise<LoginResult> {
  await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(email) });
  const verified = await origin.api<LoginResult>('GET', `/api/auth/verify?token=${await latestLink(email)}`);
  return verified.payload;
}

describe('registration and verification', () => {
  it('creates an account that cannot log in until the mailed link is opened, which logs it in', async () => {
    // Prepare
    const email = uniqueEmail();
    // Act
    const created = await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(email) });
    // Assess
    expect(created.status).toBe(201);
    expect(created.payload).toEqual({ email, verificationRequired: true });
    const early = await origin.api('POST', '/api/auth/log-in', { json: { email, password: 'Vin2020x' } });
    expect(early.status).toBe(403);
    expect(early.error?.code).toBe('EMAIL_NOT_VERIFIED');
    const token = await latestLink(email);
    const verified = await origin.api<LoginResult>('GET', `/api/auth/verify?token=${token}`);
    expect(verified.status).toBe(200);
    expect(verified.payload.user).toMatchObject({ email, emailVerified: true, fullName: 'Kari Nordmann' });
    const viewer = await origin.api<User>('GET', '/api/auth/viewer', {
      token: verified.payload.access_token,
    });
    expect(viewer.payload.email).toBe(email);
    expect(JSON.stringify(viewer.payload)).not.toMatch(/passwordHash|scrypt/);
    const again = await origin.api('GET', `/api/auth/verify?token=${token}`);
    expect(again.error?.code).toBe('INVALID_TOKEN');
  });

  it('answers a taken email as a new one, and refuses an under-age person and a weak password with field messages in Norwegian', async () => {
    const email = uniqueEmail();
    const first = await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(email) });
    const taken = await origin.api('POST', '/api/auth/sign-up', { form: signUpForm(email) });
    expect(taken).toEqual(first);
    const bad = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(uniqueEmail(), { password: 'abc', confirmPassword: 'abc', birthDate: '2015-01-01' }),
      language: 'nb',
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields).toMatchObject({
      password: 'Minst 6 tegn med et tall, en stor og en liten bokstav',
      birthDate: 'Du må være minst 18 år',
    });
  });

  it('refuses a restaurant without the name and address of its place, then registers it with them', async () => {
    const email = uniqueEmail();
    const without = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(email, { userType: 'RESTAURANT' }),
      language: 'nb',
    });
    expect(without.status).toBe(400);
    expect(without.error?.fields).toEqual({
      tastingLocationName: 'Påkrevd',
      tastingLocationAddress: 'Påkrevd',
    });
    expect(origin.stack.outbox.list().filter((m) => m.to === email)).toEqual([]);
    const blankAddress = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(email, {
        userType: 'WINE_BAR',
        tastingLocationName: 'Vinstua',
        tastingLocationAddress: ' ',
      }),
    });
    expect(blankAddress.error?.fields).toEqual({ tastingLocationAddress: 'Required' });

    const place = { tastingLocationName: 'Vinstua', tastingLocationAddress: 'Torggata 1, 0181 Oslo' };
    const created = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(email, { userType: 'RESTAURANT', ...place }),
    });
    expect(created.status).toBe(201);
    const verified = await origin.api<LoginResult>(
      'GET',
      `/api/auth/verify?token=${await latestLink(email)}`,
    );
    expect(verified.payload.user).toMatchObject({ userType: 'RESTAURANT', ...place });
    // An importer keeps a personal profile: no place asked for.
    const importer = await origin.api('POST', '/api/auth/sign-up', {
      form: signUpForm(uniqueEmail(), { userType: 'WINE_IMPORTER' }),
    });
    expect(importer.status).toBe(201);
  });

  it('checks an uploaded picture by its content and stores a real one', async () => {
    const fake = signUpForm(uniqueEmail());
    fake.set('profileImage', new Blob(['not an image'], { type: 'image/png' }), 'me.png');
    const refused = await origin.api('POST', '/api/auth/sign-up', { form: fake });
    expect(refused.status).toBe(415);
    expect(refused.error?.message).toBe('File type not allowed');

    const email = uniqueEmail();
    const real = signUpForm(email);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#7b2236' } })
      .png()
      .toBuffer();
    real.set('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expect((await origin.api('POST', '/api/auth/sign-up', { form: real })).status).toBe(201);
    const verified = await origin.api<LoginResult>(
      'GET',
      `/api/auth/verify?token=${await latestLink(email)}`,
    );
    const picture = verified.payload.user.profileImage ?? '';
    expect(picture).toMatch(/^\/users\/.+\/profileImage-.+\.png$/);
    const shown = await fetch(`${origin.base}/img?url=${encodeURIComponent(picture)}&w=64`);
    expect(shown.status).toBe(200);
  });
});

describe('log-in', () => {
  it('answers the same message for a wrong password and an unknown address, in the language asked for', async () => {
    const wrong = await origin.api('POST', '/api/auth/log-in', {
      json: { email: 'private@kork.local', password: 'Nope1234' },
    });
    const unknown = await origin.api('POST', '/api/auth/log-in', {
      json: { email: 'nobody@kork.local', password: 'Nope1234' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe('Password or email you entered is incorrect');
    expect(unknown.error).toEqual(wrong.error);
    const nb = await origin.api('POST', '/api/auth/log-in', {
      json: { email: 'private@kork.local', password: 'Nope1234' },
      language: 'nb-NO',
    });
    expect(nb.error?.message).toBe('Passordet eller e-postadressen du skrev inn er feil');
  });

  it('logs a demo account in and follows only an allowed redirect', async () => {
    const ok = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'restaurant@kork.local', password: 'Restaurant1', redirect_uri: '/wine-cellar/home' },
    });
    expect(ok.payload.user).toMatchObject({
      userType: 'RESTAURANT',
      isBusiness: true,
      accountType: 2,
      tastingLocationName: 'Fjord Bistro',
    });
    expect(ok.payload.redirect_uri).toBe('/wine-cellar/home');
    const evil = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: {
        email: 'restaurant@kork.local',
        password: 'Restaurant1',
        redirect_uri: 'https://evil.example/',
      },
    });
    expect(evil.status).toBe(400);
    expect(evil.error?.fields).toEqual({ redirect_uri: 'Only an address in this app can follow log-in' });
  });

  it(
    'answers 429 after 10 failures for one address from one client within 15 minutes, even with the right password',
    async () => {
      const { user } = await verifiedAccount();
      await awayFromWindowEdge();
      for (let i = 0; i < 10; i++) {
        const r = await origin.api('POST', '/api/auth/log-in', {
          json: { email: user.email, password: 'Wrong1234' },
        });
        expect(r.status).toBe(401);
      }
      const blocked = await origin.api('POST', '/api/auth/log-in', {
        json: { email: user.email, password: 'Vin2020x' },
      });
      expect(blocked.status).toBe(429);
    },
    WINDOW_EDGE_TIMEOUT_MS,
  );
});

describe('password recovery', () => {
  it('answers the same for unknown addresses, and resets with a single-use link that ends old sessions', async () => {
    const { user, access_token } = await verifiedAccount();
    const unknown = await origin.api('POST', '/api/auth/password-recovery', {
      json: { email: 'ghost@example.no' },
    });
    const known = await origin.api('POST', '/api/auth/password-recovery', { json: { email: user.email } });
    expect(unknown).toEqual(known);
    const token = await latestLink(user.email);
    const reset = await origin.api('POST', '/api/auth/password-reset', {
      json: { token, password: 'NyttPass9', confirmPassword: 'NyttPass9' },
    });
    expect(reset.payload).toEqual({ changed: true });
    const reuse = await origin.api('POST', '/api/auth/password-reset', {
      json: { token, password: 'Annet1234', confirmPassword: 'Annet1234' },
    });
    expect(reuse.error?.code).toBe('INVALID_TOKEN');
    expect((await origin.api('GET', '/api/auth/viewer', { token: access_token })).status).toBe(401);
    const login = await origin.api('POST', '/api/auth/log-in', {
      json: { email: user.email, password: 'NyttPass9' },
    });
    expect(login.status).toBe(200);
  });
});

describe('profile', () => {
  it('updates profile fields and ends every token when the password changes', async () => {
    const { user, access_token } = await verifiedAccount();
    const updated = await origin.api<User>('PATCH', `/api/users/${user.id}`, {
      token: access_token,
      json: { bio: 'Loves Nebbiolo', viewCurrency: 'NOK', favoriteStores: ['Vinmonopolet Aker Brygge'] },
    });
    expect(updated.payload).toMatchObject({
      bio: 'Loves Nebbiolo',
      viewCurrency: 'NOK',
      favoriteStores: ['Vinmonopolet Aker Brygge'],
    });
    const wrongCurrent = await origin.api('PATCH', `/api/users/${user.id}`, {
      token: access_token,
      json: { currentPassword: 'Wrong1234', password: 'Endret123', confirmPassword: 'Endret123' },
    });
    expect(wrongCurrent.error?.fields).toEqual({ currentPassword: 'The current password is wrong' });
    const changed = await origin.api('PATCH', `/api/users/${user.id}`, {
      token: access_token,
      json: { currentPassword: 'Vin2020x', password: 'Endret123', confirmPassword: 'Endret123' },
    });
    expect(changed.status).toBe(200);
    expect((await origin.api('GET', '/api/auth/viewer', { token: access_token })).status).toBe(401);
  });

  it("answers 403 on another user's id, and lets an admin through", async () => {
    const mine = await verifiedAccount();
    const theirs = await verifiedAccount();
    const patch = await origin.api('PATCH', `/api/users/${theirs.user.id}`, {
      token: mine.access_token,
      json: { bio: 'x' },
    });
    expect(patch.status).toBe(403);
    const stats = await origin.api('GET', `/api/users/${theirs.user.id}/statistic`, {
      token: mine.access_token,
    });
    expect(stats.status).toBe(403);
    const del = await origin.api('DELETE', `/api/users/${theirs.user.id}`, {
      token: mine.access_token,
      json: { action: 'delete', confirmation: 'DELETE' },
    });
    expect(del.status).toBe(403);
    const admin = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'admin@kork.local', password: 'Admin1234' },
    });
    const asAdmin = await origin.api('GET', `/api/users/${theirs.user.id}/statistic`, {
      token: admin.payload.access_token,
    });
    expect(asAdmin.status).toBe(200);
    const selfMade = await origin.api('PATCH', `/api/users/${mine.user.id}`, {
      token: mine.access_token,
      json: { isExpert: true },
    });
    expect(selfMade.status).toBe(403);
    const expert = await origin.api<User>('PATCH', `/api/users/${theirs.user.id}`, {
      token: admin.payload.access_token,
      json: { isExpert: true },
    });
    expect(expert.payload.isExpert).toBe(true);
  });
});

describe('deactivate and delete', () => {
  it('deactivates only with the confirmation phrase, then refuses the account', async () => {
    const { user, access_token } = await verifiedAccount();
    const wrong = await origin.api('DELETE', `/api/users/${user.id}`, {
      token: access_token,
      json: { action: 'deactivate', confirmation: 'yes' },
    });
    expect(wrong.status).toBe(400);
    const done = await origin.api('DELETE', `/api/users/${user.id}`, {
      token: access_token,
      json: { action: 'deactivate', confirmation: 'DEAKTIVER' },
    });
    expect(done.status).toBe(204);
    expect((await origin.api('GET', '/api/auth/viewer', { token: access_token })).status).toBe(401);
    const login = await origin.api('POST', '/api/auth/log-in', {
      json: { email: user.email, password: 'Vin2020x' },
    });
    expect(login.status).toBe(403);
  });

  it('offers a deactivated account to reactivate when it signs in, and reactivates it on confirmation', async () => {
    const { user, access_token } = await verifiedAccount();
    const done = await origin.api('DELETE', `/api/users/${user.id}`, {
      token: access_token,
      json: { action: 'deactivate', confirmation: 'DEACTIVATE' },
    });
    expect(done.status).toBe(204);
    const credentials = { email: user.email, password: 'Vin2020x' };
    const asked = await origin.api('POST', '/api/auth/log-in', { json: credentials });
    expect(asked.status).toBe(403);
    expect(asked.error?.code).toBe('ACCOUNT_DEACTIVATED');
    // Still deactivated: its profile says so, and asking again changes nothing.
    const profile = await origin.api<{ status: string; fullName: string }>(
      'GET',
      `/api/users/${user.id}/profile`,
    );
    expect(profile.payload).toMatchObject({ status: 'deactivated', fullName: 'Kari Nordmann' });
    expect((await origin.api('POST', '/api/auth/log-in', { json: credentials })).status).toBe(403);
    // A wrong password is never offered the reactivation.
    const wrong = await origin.api('POST', '/api/auth/log-in', {
      json: { ...credentials, password: 'Wrong2020x', reactivate: true },
    });
    expect(wrong.status).toBe(401);

    const back = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { ...credentials, reactivate: true },
    });
    expect(back.status).toBe(200);
    expect(back.payload.user.status).toBe('active');
    expect((await origin.api('GET', '/api/auth/viewer', { token: back.payload.access_token })).status).toBe(
      200,
    );
    // The old session stays over; a plain sign-in works again.
    expect((await origin.api('GET', '/api/auth/viewer', { token: access_token })).status).toBe(401);
    expect((await origin.api('POST', '/api/auth/log-in', { json: credentials })).status).toBe(200);
  });

  it('removes every item and image the account owned', async () => {
    const email = uniqueEmail();
    const form = signUpForm(email);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    form.set('profileImage', new Blob([new Uint8Array(png)]), 'a.png');
    await origin.api('POST', '/api/auth/sign-up', { form });
    const { payload } = await origin.api<LoginResult>(
      'GET',
      `/api/auth/verify?token=${await latestLink(email)}`,
    );
    const id = payload.user.id;
    await origin.api('POST', '/api/auth/password-recovery', { json: { email } }); // leaves a reset token behind
    const removed = await origin.api('DELETE', `/api/users/${id}`, {
      token: payload.access_token,
      json: { action: 'delete', confirmation: 'SLETT' },
      language: 'nb',
    });
    // Accepted: the account is purged by the account-deletions queue, which mails the person at the end.
    expect(removed.status).toBe(202);
    await origin.stack.broker.idle({ withinMs: 45_000 });
    expect(
      origin.stack.outbox
        .list()
        .filter((m) => m.to === email)
        .map((m) => m.subject),
    ).toContain('Kork-kontoen din er slettet');
    const { Items = [] } = await dynamoClient().send(new ScanCommand({ TableName: 'kork' }));
    const left = Items.filter(
      (item) => JSON.stringify(item).includes(id) || JSON.stringify(item).includes(email),
    );
    expect(left).toEqual([]);
    const objects = await s3Client().send(
      new ListObjectsV2Command({ Bucket: 'media', Prefix: `users/${id}/` }),
    );
    expect(objects.Contents ?? []).toEqual([]);
    expect(
      (await origin.api('POST', '/api/auth/log-in', { json: { email, password: 'Vin2020x' } })).status,
    ).toBe(401);
  });
});

describe('Google sign-in', () => {
  async function googleToken(sub: string, email: string, audience = GOOGLE_CLIENT) {
    return new SignJWT({ email, email_verified: true, given_name: 'Gro', family_name: 'Google' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(googleKey);
  }

  it('signs up with a verified Google token, then signs in with it; refuses another audience', async () => {
    const email = uniqueEmail();
    const idToken = await googleToken(`g-${email}`, email);
    const unknown = await origin.api('POST', '/api/auth/sign-in/google', { json: { idToken } });
    expect(unknown.status).toBe(404);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      idToken,
      userType: 'WINE_BAR',
      birthDate: '1985-02-03',
      firstName: 'Gro',
      lastName: 'Google',
      tastingLocationName: 'Gros Vinbar',
      tastingLocationAddress: 'Kirkegata 5, Oslo',
    })) {
      form.set(k, v);
    }
    const signedUp = await origin.api<LoginResult>('POST', '/api/auth/sign-up/google', { form });
    expect(signedUp.status).toBe(201);
    expect(signedUp.payload.user).toMatchObject({ email, emailVerified: true, userType: 'WINE_BAR' });
    const signedIn = await origin.api<LoginResult>('POST', '/api/auth/sign-in/google', { json: { idToken } });
    expect(signedIn.payload.user.id).toBe(signedUp.payload.user.id);
    const foreign = await origin.api('POST', '/api/auth/sign-in/google', {
      json: { idToken: await googleToken(`g-${email}`, email, 'someone-else') },
    });
    expect(foreign.status).toBe(401);
  });
});

describe('Apple sign-in', () => {
  it('links an Apple identity to the account with the same verified email and logs it in', async () => {
    const { user } = await verifiedAccount();
    const identityToken = await new SignJWT({ email: user.email, email_verified: 'true' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://appleid.apple.com')
      .setAudience(APPLE_CLIENT)
      .setSubject(`apple-${user.id}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(googleKey);
    const signedIn = await origin.api<LoginResult>('POST', '/api/auth/sign-in/apple', {
      json: { identityToken, authorizationCode: 'code', email: user.email },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.payload.user.id).toBe(user.id);
    const forged = await origin.api('POST', '/api/auth/sign-in/apple', {
      json: { identityToken: `${identityToken.slice(0, -4)}AAAA` },
      language: 'en',
    });
    expect(forged.status).toBe(401);
    expect(forged.error?.message).toBe(
      'We are having trouble logging you in with your AppleID, please try again',
    );
  });
});
