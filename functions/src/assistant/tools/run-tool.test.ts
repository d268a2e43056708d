import { ASSISTANT_LIMITS } from '@kork/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../platform/logger';
import type { ToolContext } from './tool';

const snapshot = vi.hoisted(() => ({ read: vi.fn() }));

vi.mock('../../cellar/kernel/cellar-snapshot', async (original) => ({
  ...(await original<typeof import('../../cellar/kernel/cellar-snapshot')>()),
  cellarSnapshot: snapshot.read,
}));

const { runTool } = await import('./index');

const context: ToolContext = {
  userId: 'owner-1',
  locale: 'en',
  currency: 'NOK',
  now: new Date('2026-06-01T12:00:00Z'),
  requestId: 'req-1',
};

function wine(i: number) {
  return {
    id: `w${i}`,
    ownerId: 'owner-1',
    wineDisplayName: `Domaine Number ${i} ${'Cuvée Très Longue Appellation Contrôlée '.repeat(8)}${2000 + (i % 20)}`,
    vintage: 2000 + (i % 20),
    quantity: 1 + (i % 5),
    mainCategoryId: 'red',
    country: 'Frankrike',
    region: 'Bourgogne',
    grapes: [{ name: 'Pinot Noir' }],
    placements: [],
    sellingPrice: 45_000,
    purchasePriceWvat: 20_000,
  };
}

function fakeSnapshot(count: number) {
  const wines = Array.from({ length: count }, (_, i) => wine(i));
  const memo = new Map<string, unknown>();
  const fake = {
    ownerId: 'owner-1',
    cellar: { baseCurrency: 'NOK' },
    wines,
    locations: [],
    inventory: { byName: () => Int32Array.from(wines.keys()) },
    locationScope: () => new Set(),
    derived: (key: string, compute: (s: unknown) => unknown) => {
      if (!memo.has(key)) memo.set(key, compute(fake));
      return memo.get(key);
    },
  };
  return fake;
}

afterEach(() => snapshot.read.mockReset());

describe('runTool', () => {
  it('answers a failure to read as a failed call, logged, never thrown', async () => {
    snapshot.read.mockRejectedValue(new Error('DynamoDB is away'));
    const logged = vi.spyOn(logger, 'error');
    const result = await runTool(context, 'cellar_totals', {});
    expect(result).toEqual({ ok: false, error: expect.stringContaining('failed'), failed: true });
    expect(logged).toHaveBeenCalledWith(
      'assistant tool failed',
      expect.objectContaining({ tool: 'cellar_totals', requestId: 'req-1' }),
    );
    logged.mockRestore();
  });

  it('refuses another cellar’s wine id as not found in the user’s cellar', async () => {
    const fake = fakeSnapshot(3);
    snapshot.read.mockResolvedValue(fake);
    const result = await runTool(context, 'propose_price', {
      cellarWineId: 'someone-elses',
      sellingPrice: 100,
    });
    expect(result).toEqual({
      ok: false,
      error: 'That wine was not found in your cellar.',
      said: 'That wine was not found in your cellar.',
    });
    const nb = await runTool({ ...context, locale: 'nb' }, 'propose_price', {
      cellarWineId: 'someone-elses',
      sellingPrice: 100,
    });
    expect(nb).toMatchObject({ ok: false, said: 'Fant ikke den vinen i kjelleren din.' });
  });

  it('says a refused input to the person in their language, and to the model with its field', async () => {
    const result = await runTool({ ...context, locale: 'nb' }, 'propose_price', {
      cellarWineId: 'w-1',
      sellingPrice: 100_000_000_000,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^Invalid input\. sellingPrice: /);
    expect(result.said).toBeTruthy();
    expect(result.said).not.toContain('sellingPrice');
  });

  it('bounds what goes back to the model, dropping rows and saying so', async () => {
    snapshot.read.mockResolvedValue(fakeSnapshot(400));
    const result = await runTool(context, 'search_cellar', { text: 'pinot frankrike', limit: 25 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const data = result.output.data as { count: number; rows: unknown[] };
    expect(data.count).toBe(400);
    expect(data.rows).toHaveLength(25);
    const text = JSON.stringify(result.content);
    expect(text.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.toolResultMaxChars);
    const content = JSON.parse(text) as { count: number; rows: unknown[]; truncated?: boolean };
    expect(content.count).toBe(400);
    expect(JSON.stringify(data).length).toBeGreaterThan(ASSISTANT_LIMITS.toolResultMaxChars);
    expect(content.truncated).toBe(true);
    expect(content.rows.length).toBeGreaterThan(5);
    expect(content.rows.length).toBeLessThan(25);
  });
});
