/**
 * Address search and the map's configuration through the local origin: `GET /api/geocode` validates its
 * query, finds a Norwegian postal code's coordinates and limits each client; `GET /api/config` names the
 * local stand-in tiles, which the origin serves as PNG images.
 */
import type { AppConfig, GeocodeAnswer } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin();
});

afterAll(async () => {
  await origin.stop();
});

const geocode = (q: string, headers: Record<string, string> = {}) =>
  origin.api<GeocodeAnswer>('GET', `/api/geocode?q=${encodeURIComponent(q)}`, { headers });

describe('GET /api/geocode', () => {
  it('gives a postal code its coordinates, for anyone', async () => {
    const answer = await geocode('0150 Oslo');
    expect(answer.status).toBe(200);
    expect(answer.payload.source).toBe('gazetteer');
    const [first] = answer.payload.places;
    expect(first).toMatchObject({ label: '0150 Oslo', approximate: true });
    expect(first?.lat).toBeCloseTo(59.91, 1);
    expect(first?.lng).toBeCloseTo(10.75, 1);
  });

  it('answers an empty list for a place it does not know', async () => {
    const answer = await geocode('Atlantis');
    expect(answer.status).toBe(200);
    expect(answer.payload.places).toEqual([]);
  });

  it('refuses a missing, too short or too long search with the field named', async () => {
    const missing = await origin.api('GET', '/api/geocode');
    expect(missing.status).toBe(400);
    expect(missing.error?.fields).toHaveProperty('q');
    const short = await geocode('a', { 'accept-language': 'en' });
    expect(short.status).toBe(400);
    expect(short.error?.fields?.q).toBeTruthy();
    const long = await geocode('x'.repeat(121), { 'accept-language': 'en' });
    expect(long.status).toBe(400);
    expect(long.error?.fields?.q).toMatch(/120/);
  });

  it('limits one client to 30 searches a minute', async () => {
    // The limit counts in fixed one-minute windows: start well inside one, so all 31 fall in it.
    const secondsIn = (Date.now() / 1000) % 60;
    if (secondsIn > 50) await new Promise((r) => setTimeout(r, (61 - secondsIn) * 1000));
    const client = { 'cloudfront-viewer-address': '203.0.113.9:5000' };
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await geocode(`Bergen ${i}`, client)).status);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    // Another client is not held back.
    expect((await geocode('Bergen', { 'cloudfront-viewer-address': '203.0.113.10:5000' })).status).toBe(200);
  });
});

describe('the map locally', () => {
  it('is configured with the origin’s stand-in tiles, which are PNG images', async () => {
    const config = await origin.api<AppConfig>('GET', '/api/config');
    expect(config.payload.map).toEqual({
      tileUrl: '/_dev/tiles/{z}/{x}/{y}.png',
      attribution: expect.stringMatching(/stand-in/i),
      maxZoom: 18,
    });
    const tile = await fetch(`${origin.base}/_dev/tiles/10/543/297.png`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await tile.arrayBuffer())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');
    expect((await fetch(`${origin.base}/_dev/tiles/2/9/0.png`)).status).toBe(404);
  });
});
