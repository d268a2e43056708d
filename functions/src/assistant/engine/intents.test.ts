import { AssistantToolInputs, type Locale } from '@kork/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Route, routeQuestion } from './intents';

const NOW = new Date('2026-03-15T10:00:00Z');

function route(text: string, locale: Locale = 'en'): Route {
  return routeQuestion(text, locale, NOW);
}

/** The tools a question is routed to, in order ("fallback" when none). */
function tools(text: string, locale: Locale = 'en'): string[] {
  const r = route(text, locale);
  return 'fallback' in r ? ['fallback'] : r.calls.map((c) => c.name);
}

function firstInput(text: string): Record<string, unknown> {
  const r = route(text);
  if ('fallback' in r) throw new Error(`"${text}" was not routed`);
  return r.calls[0]?.input as Record<string, unknown>;
}

describe('routeQuestion: the questions people ask, in both languages', () => {
  it.each([
    ["what's low on stock?", 'low_stock'],
    ['What is running low?', 'low_stock'],
    ['hva har jeg lite av?', 'low_stock'],
    ['Hva går snart tomt?', 'low_stock'],
    ['HVA HAR JEG LITE AV', 'low_stock'],
    ['what should I reorder from Vinmonopolet suppliers?', 'reorder_suggestions'],
    ['hva bør jeg bestille', 'reorder_suggestions'],
    ['hva bor jeg bestille', 'reorder_suggestions'],
    ['hva skal jeg drikke nå', 'drink_now'],
    ['hva skal jeg drikke naa?', 'drink_now'],
    ['What should I drink now?', 'drink_now'],
    ['Which wines are ready to drink?', 'drink_now'],
    ['what goes with lamb from my cellar?', 'pair_with_food'],
    ['hva passer til lam', 'pair_with_food'],
    ['Hva passer til lammestek?', 'pair_with_food'],
    ['which wines earn least?', 'sales_and_margins'],
    ['Hvilke viner tjener jeg minst på?', 'sales_and_margins'],
    ['what sold best last month?', 'sales_and_margins'],
    ['Which wines earned least last month?', 'sales_and_margins'],
    ['Hvilke viner tjente minst forrige måned?', 'sales_and_margins'],
    ['hva er kjelleren verdt', 'cellar_totals'],
    ['What is my cellar worth?', 'cellar_totals'],
    ['how many bottles do I have', 'cellar_totals'],
    ['hvor mange flasker har jeg?', 'cellar_totals'],
    ['how many bottles of Barolo do I have', 'search_cellar'],
    ['hvor mange flasker Barolo har jeg?', 'search_cellar'],
    ['har jeg noe champagne?', 'search_cellar'],
    // The cellar home's suggested questions, in both languages.
    ['Hva er det lite igjen av?', 'low_stock'],
    ['Hva bør jeg bestille på nytt fra Vinmonopolet-leverandører?', 'reorder_suggestions'],
    ['Hvilke viner tjener jeg minst på?', 'sales_and_margins'],
    ['Hva er kjelleren min verdt?', 'cellar_totals'],
    ['Hva bør jeg drikke nå?', 'drink_now'],
    ['Hva passer til lam fra kjelleren min?', 'pair_with_food'],
    ['What is low on stock?', 'low_stock'],
    ['What should I drink now?', 'drink_now'],
  ])('%s → %s', (question, tool) => {
    expect(tools(question, /[æøå]|\bhva\b|\bhvor\b|\bhar\b/i.test(question) ? 'nb' : 'en')).toEqual([tool]);
  });

  it('reads typos within reason', () => {
    expect(tools('wat shuold I reoder?')).toEqual(['reorder_suggestions']);
    expect(tools('hva bør jeg bestile')).toEqual(['reorder_suggestions']);
    expect(tools('hva er kjeleren verdt')).toEqual(['cellar_totals']);
    expect(tools('whats runing low on stok')).toEqual(['low_stock']);
  });

  it('answers the same whatever the UI language is', () => {
    expect(tools('hva har jeg lite av?', 'en')).toEqual(['low_stock']);
    expect(tools("what's low on stock?", 'nb')).toEqual(['low_stock']);
  });
});

describe('routeQuestion: parameters', () => {
  it('reads a dish as typed, in either language', () => {
    expect(firstInput('what goes with lamb from my cellar?')).toEqual({ food: 'lamb' });
    expect(firstInput('hva passer til lam')).toEqual({ food: 'lam' });
    expect(firstInput('Hva passer til pinnekjøtt?')).toEqual({ food: 'pinnekjøtt' });
    expect(firstInput('what can I serve with grilled salmon tonight')).toEqual({ food: 'salmon' });
    // A dish it does not know goes to the tool as the words after "with".
    expect(firstInput('what goes with tacos?')).toEqual({ food: 'tacos' });
  });

  it('reads a style and a country', () => {
    expect(firstInput('which red wines should I drink now?')).toEqual({ category: 'red' });
    expect(firstInput('Hvilke hvitviner er drikkeklare?')).toEqual({ category: 'white' });
    expect(firstInput('vis rødviner fra Italia')).toEqual({ category: 'red', country: 'Italia' });
    expect(firstInput('show me my French sparkling wines')).toEqual({
      category: 'sparkling',
      country: 'Frankrike',
    });
  });

  it('reads wines past their window', () => {
    expect(firstInput('which wines are past their drinking window?')).toEqual({ includePastWindow: true });
  });

  it('reads a threshold and a row limit', () => {
    expect(firstInput('which wines have under 3 bottles left? low stock')).toMatchObject({ threshold: 2 });
    expect(firstInput('hvilke viner går snart tomme, maks 4 flasker')).toMatchObject({ threshold: 4 });
    expect(firstInput('top 5 wines by revenue this year')).toMatchObject({ limit: 5, order: 'revenue_desc' });
  });

  it('reads a period relative to today', () => {
    expect(firstInput('what sold best last month?')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      order: 'bottles_desc',
    });
    expect(firstInput('hva solgte best forrige måned')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(firstInput('which wines earn least this year')).toEqual({
      from: '2026-01-01',
      to: '2026-03-15',
      order: 'margin_asc',
    });
    expect(firstInput('hva tjente jeg mest på i år')).toMatchObject({
      from: '2026-01-01',
      order: 'margin_desc',
    });
    expect(firstInput('omsetning i fjor')).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    expect(firstInput('margins over the last 30 days')).toMatchObject({
      from: '2026-02-14',
      to: '2026-03-15',
    });
  });

  it('reads a wine name for a search, cut from the question as typed', () => {
    expect(firstInput('how many bottles of Barolo do I have')).toEqual({ text: 'Barolo' });
    expect(firstInput('do I have any Château Musar?')).toEqual({ text: 'Château Musar' });
    expect(firstInput('har jeg noe champagne?')).toEqual({ text: 'champagne' });
    // A style word inside a name stays in the name.
    expect(firstInput('where is Husets røde?')).toEqual({ text: 'Husets røde' });
    expect(firstInput('hvor mange flasker rødvin har jeg?')).toEqual({ category: 'red' });
  });

  it('finds the wine first, then its lists', () => {
    for (const question of [
      'which lists is Husets røde on?',
      'Hvilke vinkart står Husets røde på?',
      'is Husets røde on the wine list?',
    ]) {
      const r = route(question);
      expect(r).toMatchObject({
        calls: [{ name: 'search_cellar', input: { text: 'Husets røde' } }],
        next: { kind: 'lists' },
      });
    }
  });

  it('reads a price in the forms people type it, in minor units', () => {
    const cases: [string, string, number][] = [
      ['set the price of Husets røde to 450', 'Husets røde', 45_000],
      ['set the price of Husets røde to 450 kr', 'Husets røde', 45_000],
      ['sett prisen på Husets hvite til kr 450,50', 'Husets hvite', 45_050],
      ['Sett utsalgsprisen for Barolo 2019 til 1 200 kr', 'Barolo', 120_000],
      ['change the selling price of Chablis to NOK 1.250,-', 'Chablis', 125_000],
    ];
    for (const [question, wine, minor] of cases) {
      const r = route(question);
      expect(r).toMatchObject({
        calls: [{ name: 'search_cellar', input: { text: wine } }],
        next: { kind: 'price', sellingPrice: minor },
      });
    }
    expect(route('Sett utsalgsprisen for Barolo 2019 til 1 200 kr')).toMatchObject({
      next: { vintage: 2019 },
    });
  });

  it('reads a cart: a wine and a quantity, or the first few suggestions', () => {
    expect(route('put 6 of Husets hvite in the cart')).toMatchObject({
      calls: [{ name: 'reorder_suggestions' }],
      next: { kind: 'cart', wine: 'Husets hvite', quantity: 6 },
    });
    expect(route('legg seks flasker Husets røde i handlekurven')).toMatchObject({
      next: { kind: 'cart', wine: 'Husets røde', quantity: 6 },
    });
    expect(route('put the first two in the cart')).toMatchObject({
      calls: [{ name: 'reorder_suggestions', input: { limit: 2 } }],
      next: { kind: 'cart', count: 2 },
    });
    expect(route('legg de to første i handlekurven')).toMatchObject({ next: { kind: 'cart', count: 2 } });
    expect(route('put them all in the cart')).toEqual({
      intent: 'cart',
      calls: [{ name: 'reorder_suggestions', input: {} }],
      next: { kind: 'cart' },
    });
  });

  it('asks only for inputs the tools accept', () => {
    const questions = [
      'top 40 wines by margin',
      'which wines have under 5000 bottles? low stock',
      `what goes with ${'lamb '.repeat(60)}`,
      `how many bottles of ${'Barolo '.repeat(40)}do I have`,
      'set the price of Barolo to 99999999999 kr',
      'put 99999 of Barolo in the cart',
    ];
    for (const question of questions) {
      const r = route(question);
      if ('fallback' in r) continue;
      for (const c of r.calls) {
        expect(z.safeParse(AssistantToolInputs[c.name] as z.ZodMiniType, c.input).success, question).toBe(
          true,
        );
      }
    }
  });
});

describe('routeQuestion: odd input', () => {
  it.each([
    [''],
    ['   '],
    ['?!'],
    ['🍷🍷🍷'],
    ['hello'],
    ['hei'],
    ['thanks!'],
    ["what's the weather tomorrow?"],
    ['SELECT * FROM wines; DROP TABLE users;--'],
    ['asdkjh qwpoeiu zxmcnb'],
  ])('%j falls back', (text) => {
    expect(route(text)).toEqual({ fallback: true });
  });

  it('reads a question wrapped in emoji and noise', () => {
    expect(tools('🍷🍷 hva er kjelleren verdt??? 🍷')).toEqual(['cellar_totals']);
    expect(tools("<script>alert(1)</script> what's low on stock?")).toEqual(['low_stock']);
  });

  it('reads mixed languages', () => {
    expect(tools('hva goes with lam?')).toEqual(['pair_with_food']);
    expect(tools('what should jeg bestille?')).toEqual(['reorder_suggestions']);
  });

  it('answers a 2000-character question quickly and within the limits', () => {
    const text = `${'blah '.repeat(380)} what is low on stock? ${'x'.repeat(90)}`.slice(0, 2000);
    const started = performance.now();
    const r = route(text);
    expect(performance.now() - started).toBeLessThan(500);
    expect(r).toMatchObject({ calls: [{ name: 'low_stock' }] });
  });

  it('never passes SQL-looking text anywhere but as search words', () => {
    const r = route("how many bottles of '; DROP TABLE wines; -- do I have");
    expect(r).toMatchObject({ calls: [{ name: 'search_cellar' }] });
    expect(firstInput("how many bottles of '; DROP TABLE wines; -- do I have").text).toContain('DROP TABLE');
  });
});

describe('routeQuestion: any text', () => {
  const words = [
    'what',
    'hva',
    'low',
    'lite',
    'av',
    'stock',
    'reorder',
    'bestille',
    'drink',
    'drikke',
    'nå',
    'lamb',
    'lam',
    'passer',
    'til',
    'with',
    'earn',
    'least',
    'worth',
    'verdt',
    'how',
    'many',
    'bottles',
    'of',
    'Barolo',
    'price',
    'prisen',
    'set',
    'sett',
    'to',
    '450',
    'kr',
    '450,50',
    'put',
    'legg',
    'cart',
    'handlekurven',
    'first',
    'two',
    'lists',
    'vinkart',
    'står',
    'på',
    'last',
    'month',
    'i',
    'år',
    'red',
    'rødvin',
    'Italia',
    '2019',
    '🍷',
    "'",
    ';',
  ];
  it('never throws and asks only for inputs the tools accept', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 2000 }),
          fc.array(fc.constantFrom(...words), { maxLength: 40 }).map((picked) => picked.join(' ')),
        ),
        (text) => {
          const r = routeQuestion(text, 'en', NOW);
          if ('fallback' in r) return;
          for (const c of r.calls) {
            expect(z.safeParse(AssistantToolInputs[c.name] as z.ZodMiniType, c.input).success).toBe(true);
          }
          // The second step's figures too: a price the tool takes, a quantity a cart line takes.
          if (r.next?.kind === 'price') {
            expect(
              z.safeParse(AssistantToolInputs.propose_price, {
                cellarWineId: 'w',
                sellingPrice: r.next.sellingPrice,
              }).success,
            ).toBe(true);
          }
          if (r.next?.kind === 'cart' && r.next.quantity !== undefined) {
            const item = { supplierId: 's', wineId: 'w', quantity: r.next.quantity };
            expect(z.safeParse(AssistantToolInputs.propose_cart, { items: [item] }).success).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
