import type { Locale } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import type { AssistantAsk, AssistantModelEvent, ToolRun } from '../../adapters/assistant-model';
import type { ReorderSuggestionsData, SearchCellarData } from '../tools/outputs';
import { localAssistantModel, textPieces } from './local-engine';

const SEARCH: SearchCellarData = {
  count: 2,
  bottles: 9,
  currency: 'NOK',
  rows: [
    { cellarWineId: 'w-2018', name: 'Barolo Cannubi 2018', vintage: 2018, bottles: 3, category: 'red' },
    { cellarWineId: 'w-2019', name: 'Barolo Cannubi 2019', vintage: 2019, bottles: 6, category: 'red' },
  ],
};

const REORDER: ReorderSuggestionsData = {
  count: 3,
  threshold: 3,
  coverDays: 30,
  notOffered: 0,
  rows: ['Chablis', 'Sancerre', 'Rioja'].map((name, i) => ({
    cellarWineId: `c-${i}`,
    name,
    vintage: 2020,
    bottles: 1,
    daysLeft: 4,
    wineId: `cat-${i}`,
    supplierId: `s-${i}`,
    supplierName: `Supplier ${i}`,
    unitPrice: 20_000,
    offerCurrency: 'NOK',
    quantity: 6,
  })),
};

const DATA: Record<string, Record<string, unknown>> = {
  search_cellar: { ...SEARCH },
  reorder_suggestions: { ...REORDER },
  low_stock: {
    count: 1,
    threshold: 3,
    periodDays: 30,
    rows: [{ cellarWineId: 'c-0', name: 'Chablis', vintage: 2020, bottles: 1, soldInPeriod: 8, daysLeft: 4 }],
  },
  wine_lists_of_wine: {
    cellarWineId: 'w-2019',
    name: 'Barolo Cannubi 2019',
    vintage: 2019,
    count: 0,
    rows: [],
    printed: false,
  },
  propose_price: {
    cellarWineId: 'w-2019',
    name: 'Barolo Cannubi 2019',
    vintage: 2019,
    proposalId: 'p1',
    currency: 'NOK',
    currentPrice: 90_000,
    newPrice: 45_000,
  },
  propose_cart: { proposalId: 'p2', items: [], totals: [{ currency: 'NOK', amount: 0 }], bottles: 0 },
};

interface Recorded {
  events: AssistantModelEvent[];
  /** Every tool call with the events streamed before it. */
  calls: { name: string; input: unknown; eventsBefore: number }[];
  result: Awaited<ReturnType<typeof localAssistantModel.answer>>;
  request: AssistantAsk;
}

async function ask(
  question: string,
  locale: Locale = 'en',
  runTool?: (name: string, input: unknown) => Promise<ToolRun>,
): Promise<Recorded> {
  const events: AssistantModelEvent[] = [];
  const calls: Recorded['calls'] = [];
  const request: AssistantAsk = {
    system: '',
    locale,
    history: [],
    question,
    tools: [],
    maxRounds: 5,
    maxTokens: 1500,
    async runTool(name, input) {
      calls.push({ name, input, eventsBefore: events.length });
      if (runTool) return runTool(name, input);
      return { ok: true, content: DATA[name] ?? {} };
    },
  };
  const result = await localAssistantModel.answer(request, (event) => events.push(event));
  return { events, calls, result, request };
}

const texts = (r: Recorded) =>
  r.events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text);

describe('the local engine', () => {
  it('is named local-rules and reports no tokens', async () => {
    const r = await ask("what's low on stock?");
    expect(localAssistantModel.name).toBe('local-rules');
    expect(r.result).toEqual({ usage: { inputTokens: 0, outputTokens: 0 }, stopReason: 'end_turn' });
  });

  it('announces each tool before it runs, then streams the answer in several pieces', async () => {
    const r = await ask('set the price of Barolo Cannubi 2019 to 450 kr');
    expect(r.calls.map((c) => c.name)).toEqual(['search_cellar', 'propose_price']);
    for (const call of r.calls) {
      expect(r.events[call.eventsBefore - 1]).toEqual({ type: 'tool', name: call.name });
    }
    // All text comes after the tools, in more than one piece.
    const firstText = r.events.findIndex((e) => e.type === 'text');
    expect(firstText).toBeGreaterThan(r.events.findLastIndex((e) => e.type === 'tool'));
    expect(texts(r).length).toBeGreaterThan(1);
  });

  it('spreads the pieces over time at its typing pace, so the answer grows on the screen', async () => {
    const before = process.env.ASSISTANT_LOCAL_PACE_MS;
    process.env.ASSISTANT_LOCAL_PACE_MS = '15';
    try {
      const arrivals: number[] = [];
      const started = Date.now();
      await localAssistantModel.answer(
        { ...(await ask("what's low on stock?")).request, question: "what's low on stock?" },
        (event) => {
          if (event.type === 'text') arrivals.push(Date.now() - started);
        },
      );
      expect(arrivals.length).toBeGreaterThan(2);
      // The last piece comes at least a pace after the first for every piece between them.
      expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual((arrivals.length - 1) * 12);
    } finally {
      if (before === undefined) delete process.env.ASSISTANT_LOCAL_PACE_MS;
      else process.env.ASSISTANT_LOCAL_PACE_MS = before;
    }
  });

  it('takes the second step on the first one’s row: the named vintage’s wine for a price', async () => {
    const r = await ask('set the price of Barolo Cannubi 2019 to 450 kr');
    expect(r.calls[1]?.input).toEqual({ cellarWineId: 'w-2019', sellingPrice: 45_000 });
    const first = await ask('which lists is Barolo Cannubi on?');
    expect(first.calls.map((c) => [c.name, c.input])).toEqual([
      ['search_cellar', { text: 'Barolo Cannubi', limit: 5 }],
      ['wine_lists_of_wine', { cellarWineId: 'w-2018' }],
    ]);
  });

  it("proposes a cart from the reorder suggestions' suppliers and wines", async () => {
    const all = await ask('what should I reorder?');
    expect(all.calls.map((c) => c.name)).toEqual(['reorder_suggestions', 'propose_cart']);
    expect(all.calls[1]?.input).toEqual({
      items: [0, 1, 2].map((i) => ({ supplierId: `s-${i}`, wineId: `cat-${i}`, quantity: 6 })),
    });
    const two = await ask('legg de to første i handlekurven', 'nb');
    expect(two.calls[1]?.input).toEqual({
      items: [0, 1].map((i) => ({ supplierId: `s-${i}`, wineId: `cat-${i}`, quantity: 6 })),
    });
    const one = await ask('put 12 of Sancerre in the cart');
    expect(one.calls[1]?.input).toEqual({ items: [{ supplierId: 's-1', wineId: 'cat-1', quantity: 12 }] });
  });

  it('says so when the named wine is not among the suggestions, and proposes nothing', async () => {
    const r = await ask('put 6 of Barolo in the cart');
    expect(r.calls.map((c) => c.name)).toEqual(['reorder_suggestions']);
    expect(texts(r).join('')).toContain('“Barolo” is not among the wines to reorder');
  });

  it('says so when no wine matches the name, in the question’s UI language', async () => {
    const empty = async () => ({
      ok: true as const,
      content: { count: 0, bottles: 0, currency: 'NOK', rows: [] },
    });
    const r = await ask('sett prisen på Tulleviin til 300 kr', 'nb', empty);
    expect(r.calls.map((c) => c.name)).toEqual(['search_cellar']);
    expect(texts(r).join('')).toBe('Jeg fant ingen vin som passer «Tulleviin» i kjelleren din.');
  });

  it('answers what it can do, in either language, calling no tool, for a question it cannot place', async () => {
    const en = await ask("what's the weather tomorrow?");
    expect(en.calls).toEqual([]);
    expect(en.events.every((e) => e.type === 'text')).toBe(true);
    expect(texts(en).join('')).toMatch(
      /I can answer questions about .*stock.*value.*drink now.*pairing.*low stock.*reorder.*sales and margins.*wine lists.*selling price.*cart/s,
    );
    const nb = await ask('🍷', 'nb');
    expect(nb.calls).toEqual([]);
    expect(texts(nb).join('')).toMatch(/Jeg kan svare på spørsmål om beholdning, verdi/);
    expect(nb.result.stopReason).toBe('end_turn');
  });

  it('proposes the price as typed, whole — "1e9" is a billion, "-1" negative — and says a refusal as the answer', async () => {
    const refuse = async (name: string): Promise<ToolRun> =>
      name === 'propose_price'
        ? {
            ok: false,
            error: 'Invalid input. sellingPrice: Amount is too large',
            said: 'Amount is too large',
          }
        : { ok: true, content: DATA[name] ?? {} };
    const huge = await ask('set the price of Barolo Cannubi 2019 to 1e9', 'en', refuse);
    expect(huge.calls[1]?.input).toEqual({ cellarWineId: 'w-2019', sellingPrice: 100_000_000_000 });
    expect(texts(huge).join('')).toBe("I can't propose that: Amount is too large. Nothing has changed.");
    expect(huge.result.stopReason).toBe('end_turn');

    const negative = await ask('sett prisen på Barolo Cannubi 2019 til -1', 'nb', refuse);
    expect(negative.calls[1]?.input).toEqual({ cellarWineId: 'w-2019', sellingPrice: -100 });
    expect(texts(negative).join('')).toMatch(/^Det kan jeg ikke foreslå: /);

    for (const [typed, minor] of [
      ['2.5', 250],
      ['1,5', 150],
      ['1 200 kr', 120_000],
    ] as const) {
      const r = await ask(`set the price of Barolo Cannubi 2019 to ${typed}`);
      expect(r.calls[1]?.input).toEqual({ cellarWineId: 'w-2019', sellingPrice: minor });
    }
  });

  it('takes a bare wine name as a search of the cellar, and says so when nothing matches', async () => {
    const found = await ask('chateau margaux');
    expect(found.calls.map((c) => [c.name, c.input])).toEqual([
      ['search_cellar', { text: 'chateau margaux', limit: 10 }],
    ]);
    expect(found.events[0]).toEqual({ type: 'tool', name: 'search_cellar' });
    expect(texts(found).join('')).toContain('Barolo Cannubi');

    const none = await ask('Ch. Nowhere 1999', 'nb', async () => ({
      ok: true,
      content: { count: 0, bottles: 0, rows: [] },
    }));
    expect(none.calls.map((c) => c.name)).toEqual(['search_cellar']);
    expect(texts(none).join('')).toMatch(
      /Jeg fant ingen vin som passer «Ch\. Nowhere 1999»[\s\S]*Jeg kan svare på/,
    );

    // A question that names no wine is not searched for.
    expect((await ask('Hello! Can you book me a table?')).calls).toEqual([]);
  });

  it('answers a private account that ordering from suppliers is for businesses', async () => {
    const refusal = async () => ({
      ok: false as const,
      error: 'Ordering from suppliers is for business accounts; this account has no supplier cart.',
    });
    const r = await ask('hva bør jeg bestille?', 'nb', refusal);
    expect(texts(r).join('')).toMatch(/^Bestilling fra leverandører er for bedriftskontoer/);
    expect(r.result.stopReason).toBe('end_turn');
  });

  it('stops the answer when a tool fails (the ask service shows the trouble message)', async () => {
    const failing = async () => ({
      ok: false as const,
      error: 'The tool failed; the data could not be read just now.',
    });
    await expect(ask("what's low on stock?", 'en', failing)).rejects.toThrow(/low_stock/);
  });

  it('stops streaming when the question is aborted', async () => {
    const controller = new AbortController();
    const events: AssistantModelEvent[] = [];
    const result = await localAssistantModel.answer(
      {
        system: '',
        locale: 'en',
        history: [],
        question: 'hello',
        tools: [],
        maxRounds: 5,
        maxTokens: 1500,
        runTool: async () => ({ ok: true, content: {} }),
        signal: controller.signal,
      },
      (event) => {
        events.push(event);
        controller.abort();
      },
    );
    expect(events).toHaveLength(1);
    expect(result.stopReason).toBe('other');
  });
});

describe('textPieces', () => {
  it('keeps every character, a few words a piece', () => {
    const text = 'Three wines are low:\n\n| Wine | Bottles |\n|---|---:|\n| [Chablis](kork:wine/c-0) | 1 |\n';
    const pieces = textPieces(text, 4);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(3);
    expect(textPieces('')).toEqual([]);
  });
});
