/**
 * The local origin answers like CloudFront: the same security headers (from infra/lib/security-headers.ts)
 * on the SPA, its assets, the API and the images, framing allowed only on the embed; precompressed assets
 * in the best encoding the browser accepts; the cache headers the deployment gives the bucket's files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, EMBED_CONTENT_SECURITY_POLICY } from '../lib/security-headers';
import { startLocalServer } from './server';
import { type LocalStack, startLocalStack } from './stack';

const ASSET = '/assets/app-1a2b3c4d.js';
const SOURCE = `export const wines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Testvin ${i}`))};\n`;
const SHELL = `<!doctype html><title>Kork</title><div id="root"></div><script type="module" src="${ASSET}"></script>`;

let stack: LocalStack;
let server: Server;
let port: number;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A plain HTTP GET: the headers exactly as sent, the body as it came over the wire (not decoded). */
function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const KEY = { 'x-api-key': 'kork-local-web' };

beforeAll(async () => {
  stack = await startLocalStack();
  // A built SPA as the web build lays it out: hashed assets with .br and .gz beside them.
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), SHELL);
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webRoot, ASSET), SOURCE);
  writeFileSync(join(webRoot, `${ASSET}.br`), brotliCompressSync(SOURCE));
  writeFileSync(join(webRoot, `${ASSET}.gz`), gzipSync(SOURCE));
  server = await startLocalServer({ stack, port: 0, webRoot });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await stack?.stop();
});

describe('security headers', () => {
  it.each([
    ['the shell', '/', {}],
    ['a client route', '/feed', {}],
    ['an asset', ASSET, {}],
    ['the API', '/api/health', KEY],
    ['an unknown API path', '/api/nothing-here', KEY],
    ['an image', '/img?w=80', {}],
  ])('sends the strict set on %s (%s)', async (_what, path, headers) => {
    const res = await fetchRaw(path, headers);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets any site frame the embed page, which is the SPA shell, and keeps the rest as strict', async () => {
    const res = await fetchRaw('/embed/wines/x?showRating=true');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toString()).toBe(SHELL);
    expect(res.headers['content-security-policy']).toBe(EMBED_CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("keeps the embed's data answer under the API's headers", async () => {
    const res = await fetchRaw('/api/embed/wines/no-such-wine', KEY);
    expect(res.status).toBe(404);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('precompressed assets and caching', () => {
  it('serves Brotli when the browser accepts it, cached for a year as immutable', async () => {
    const res = await fetchRaw(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SOURCE);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SOURCE));
  });

  it('serves gzip when only gzip is accepted, and the file itself when nothing is', async () => {
    const gz = await fetchRaw(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).toString()).toBe(SOURCE);

    const plain = await fetchRaw(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SOURCE);
  });

  it('has the shell, the SPA fallback and other root files revalidated on every load', async () => {
    for (const path of ['/', '/index.html', '/feed', '/embed/wines/x', '/favicon.svg']) {
      const res = await fetchRaw(path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers a missing asset 404 instead of the shell', async () => {
    const res = await fetchRaw('/assets/gone-0000.js');
    expect(res.status).toBe(404);
  });
});

describe('the public health check', () => {
  it('says only whether the app is up', async () => {
    const res = await fetchRaw('/api/health', KEY);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body.toString())).toEqual({ payload: { ok: true } });
    expect(res.body.toString()).not.toMatch(/kork|table|ms|version/i);
  });
});
