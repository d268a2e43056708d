import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { queue } from '@kork/functions/adapters/queue';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { TABLE_SCHEMA } from '@kork/functions/data/table';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import { s3Client } from '@kork/functions/platform/s3';
import { seedSteps } from '@kork/functions/seeds';
import { supplierOrderPlacedExample } from '@kork/queue-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from './server';
import { type LocalStack, startLocalStack } from './stack';

let stack: LocalStack;
let server: Server;
let base: string;
const KEY = { 'x-api-key': 'kork-local-web' };

interface Envelope {
  payload?: unknown;
  error?: { code: string; message: string };
}
const read = async (res: Response) => (await res.json()) as Envelope;

beforeAll(async () => {
  stack = await startLocalStack({ queueVisibilityTimeoutMs: 20 });
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title><div id="root"></div>');
  server = await startLocalServer({ stack, port: 0, webRoot });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await stack?.stop();
});

describe('the table on DynamoDB Local', () => {
  it('is created from the shared definition with its GSIs and TTL', async () => {
    const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: 'kork' }));
    expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(
      TABLE_SCHEMA.globalIndexes.map((g) => g.name),
    );
    const ttl = await dynamoClient().send(new DescribeTimeToLiveCommand({ TableName: 'kork' }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('expiresAt');
  });

  it('round-trips an item through ElectroDB, by key and through a GSI', async () => {
    await db()
      .entities.seedRun.put({
        step: 'test.round-trip',
        version: 3,
        appliedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 5,
      })
      .go();
    const { data } = await db().entities.seedRun.get({ step: 'test.round-trip' }).go();
    expect(data).toMatchObject({ step: 'test.round-trip', version: 3, durationMs: 5 });
    const { data: history } = await db().entities.seedRun.query.byAppliedAt({}).go();
    expect(history.map((h) => h.step)).toContain('test.round-trip');
  });

  it('applies each seed step once', async () => {
    const first = await applySeeds(seedSteps);
    const second = await applySeeds(seedSteps);
    expect(first.every((o) => o.status === 'applied')).toBe(true);
    expect(second.every((o) => o.status === 'skipped')).toBe(true);
    // Every demo step once: the catalogue, a year of sales, the cellars' lists, prices and drinks.
  }, 180_000);
});

describe('the S3 emulator', () => {
  it('stores uploaded bytes exactly', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await s3Client().send(new PutObjectCommand({ Bucket: 'imports', Key: 'a/b.bin', Body: bytes }));
    const object = await s3Client().send(new GetObjectCommand({ Bucket: 'imports', Key: 'a/b.bin' }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(bytes);
  });
});

describe('queue delivery', () => {
  it('mails a supplier order to the supplier through the outbox', async () => {
    await queue().send('supplier-orders', [supplierOrderPlacedExample]);
    await stack.broker.idle();
    const mail = stack.outbox.list()[0];
    expect(mail?.to).toBe('orders@vinimport.example');
    expect(mail?.subject).toContain(supplierOrderPlacedExample.orderId);
  });

  it('retries a failing message up to the max receive count, then dead-letters it, without resending its neighbours', async () => {
    const before = stack.outbox.list().length;
    const broken = {
      ...supplierOrderPlacedExample,
      orderId: 'broken',
      supplier: { id: 's', name: 'S', email: 'not-an-email' },
    };
    await queue().send('supplier-orders', [broken, { ...supplierOrderPlacedExample, orderId: 'fine' }]);
    await stack.broker.idle();
    const dead = stack.broker.deadLetters('supplier-orders');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]?.body ?? '{}').orderId).toBe('broken');
    expect(dead[0]?.receiveCount).toBe(5);
    const sent = stack.outbox.list().slice(0, stack.outbox.list().length - before);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringContaining('fine')]);
  });
});

describe('the local origin', () => {
  it('answers the health check with the table reachable', async () => {
    const res = await fetch(`${base}/api/health`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect((await read(res)).payload).toEqual({ ok: true });
  });

  it('refuses an API call without the key', async () => {
    const res = await fetch(`${base}/api/config`);
    expect(res.status).toBe(403);
    expect((await read(res)).error?.code).toBe('API_KEY');
  });

  it('answers 404 with the error shape for an unknown API path, and serves the SPA for other paths', async () => {
    const api = await fetch(`${base}/api/nothing-here`, { headers: KEY });
    expect(api.status).toBe(404);
    expect((await read(api)).error?.code).toBe('NOT_FOUND');
    const page = await fetch(`${base}/wine-cellar/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('refuses a body over 50 MB with 413', async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    const post = await fetch(`${base}/api/config`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/octet-stream' },
      body: big,
    });
    expect(post.status).toBe(413);
    expect((await read(post)).error?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('resizes a media-bucket image to an allowed width as WebP, and refuses other hosts', async () => {
    const ok = await fetch(`${base}/img?url=/demo/bottle.png&w=256`, {
      headers: { accept: 'image/webp,*/*' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/webp');
    expect(ok.headers.get('cache-control')).toContain('max-age=31536000');
    const refused = await fetch(`${base}/img?url=https://evil.example/a.png&w=256`);
    expect(refused.status).toBe(400);
    const badWidth = await fetch(`${base}/img?url=/demo/bottle.png&w=300`);
    expect(badWidth.status).toBe(400);
  });

  it('keeps sent mail at /_dev/mail, newest first', async () => {
    const res = await fetch(`${base}/_dev/mail`);
    const mails = (await res.json()) as {
      to: string;
      subject: string;
      text: string;
      html: string | null;
      sentAt: string;
    }[];
    expect(mails.length).toBeGreaterThan(0);
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
    expect(mails[0]?.subject).toContain('fine');
  });
});
