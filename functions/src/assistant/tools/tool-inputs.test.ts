import { ASSISTANT_LIMITS, ASSISTANT_TOOL_NAMES, AssistantToolInputs } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { foodsOf } from './food-words';
import { runTool, toolSpecs } from './index';
import type { ToolContext } from './tool';

const context: ToolContext = {
  userId: 'user-that-is-never-read',
  locale: 'en',
  currency: 'NOK',
  now: new Date('2026-06-01T12:00:00Z'),
  requestId: 'test',
};

const accepts = (name: keyof typeof AssistantToolInputs, input: unknown) =>
  z.safeParse(AssistantToolInputs[name] as z.ZodMiniType, input).success;

describe('tool input schemas', () => {
  it('bound every list to 1…toolRowsMax rows', () => {
    expect(accepts('search_cellar', { limit: ASSISTANT_LIMITS.toolRowsMax })).toBe(true);
    expect(accepts('search_cellar', { limit: ASSISTANT_LIMITS.toolRowsMax + 1 })).toBe(false);
    expect(accepts('low_stock', { limit: 0 })).toBe(false);
    expect(accepts('drink_now', { limit: 2.5 })).toBe(false);
  });

  it('bound texts, dates and prices', () => {
    expect(accepts('search_cellar', { text: 'x'.repeat(100) })).toBe(true);
    expect(accepts('search_cellar', { text: 'x'.repeat(101) })).toBe(false);
    expect(accepts('pair_with_food', { food: '' })).toBe(false);
    expect(accepts('sales_and_margins', { from: '2026-02-30' })).toBe(false);
    expect(accepts('propose_price', { cellarWineId: 'w1', sellingPrice: -1 })).toBe(false);
    expect(accepts('propose_price', { cellarWineId: 'w1', sellingPrice: 12.5 })).toBe(false);
    expect(accepts('search_cellar', { category: 'purple' })).toBe(false);
  });

  it('bound a cart proposal to 1…proposalItemsMax items of at least one bottle', () => {
    const item = { supplierId: 's1', wineId: 'w1', quantity: 6 };
    expect(accepts('propose_cart', { items: [item] })).toBe(true);
    expect(accepts('propose_cart', { items: [] })).toBe(false);
    expect(accepts('propose_cart', { items: Array(ASSISTANT_LIMITS.proposalItemsMax + 1).fill(item) })).toBe(
      false,
    );
    expect(accepts('propose_cart', { items: [{ ...item, quantity: 0 }] })).toBe(false);
  });
});

describe('runTool', () => {
  it('refuses an unknown tool', async () => {
    const result = await runTool(context, 'drop_tables', {});
    expect(result).toEqual({ ok: false, error: expect.stringContaining('Unknown tool') });
  });

  it('refuses an input out of bounds with the field and its rule, before reading anything', async () => {
    const result = await runTool(context, 'low_stock', { limit: 500 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/limit: .*25/);
    const cart = await runTool(context, 'propose_cart', {
      items: [{ supplierId: 's', wineId: 'w', quantity: 0 }],
    });
    expect(cart.ok).toBe(false);
    if (!cart.ok) expect(cart.error).toContain('items.0.quantity');
  });

  it('reads an input sent as JSON text, and refuses text that is not an object', async () => {
    const result = await runTool(context, 'low_stock', '{"limit": 0}');
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('limit') });
    const garbage = await runTool(context, 'cellar_totals', 'not json');
    expect(garbage).toMatchObject({ ok: false, error: expect.stringContaining('Invalid input') });
  });

  it('has no field for an owner: the user is always the signed-in one', () => {
    for (const spec of toolSpecs()) {
      const properties = Object.keys((spec.inputSchema.properties as Record<string, unknown>) ?? {});
      expect(properties.filter((p) => /owner|user/i.test(p))).toEqual([]);
    }
  });
});

describe('toolSpecs', () => {
  it('gives every tool an object schema, a description, and the cart items their fields', () => {
    const specs = toolSpecs();
    expect(specs.map((s) => s.name)).toEqual([...ASSISTANT_TOOL_NAMES]);
    for (const spec of specs) {
      expect(spec.inputSchema.type).toBe('object');
      expect(spec.description.length).toBeGreaterThan(20);
    }
    const cart = specs.find((s) => s.name === 'propose_cart')?.inputSchema as {
      properties: { items: { maxItems: number; items: { required: string[] } } };
    };
    expect(cart.properties.items.maxItems).toBe(ASSISTANT_LIMITS.proposalItemsMax);
    expect(cart.properties.items.items.required).toEqual(['supplierId', 'wineId', 'quantity']);
    const search = specs.find((s) => s.name === 'search_cellar')?.inputSchema as {
      properties: { limit: { maximum: number } };
    };
    expect(search.properties.limit.maximum).toBe(ASSISTANT_LIMITS.toolRowsMax);
  });
});

describe('foodsOf', () => {
  it('reads dishes in both languages as the catalogue pairs them', () => {
    expect(foodsOf('lamb')).toEqual(['Lam og sau']);
    expect(foodsOf('lammestek')).toEqual(['Lam og sau']);
    expect(foodsOf('grilled salmon')).toEqual(['Fisk']);
    expect(foodsOf('reker og hummer')).toEqual(['Skalldyr']);
    expect(foodsOf('a cheese board')).toEqual(['Ost']);
    expect(foodsOf('roast beef')).toEqual(['Storfe']);
    expect(foodsOf('quantum physics')).toEqual([]);
  });
});
