/**
 * What a free account is shown of market value (`GET /api/market-value/sample`): the same answer over a
 * fixed demo cellar of catalogue wines, picked by Vinmonopolet number, valued by the demo provider's price
 * paths computed on the fly. It holds no person's data, and says it is a sample of demo data
 * (`sample: true`, `demo: true`). Worked out once per day and currency by an instance.
 */
import {
  type CurrencyCode,
  type MarketValueAnswer,
  todayIso,
  valuationKey,
  wineDisplayName,
} from '@kork/shared';
import type { ValuationRequest } from '../adapters/valuation-provider';
import type { SearchDoc } from '../catalog/search/types';
import { winesByExternalNumbers } from '../catalog/wine-numbers';
import { cascade, dailyValues } from './cascade';
import { type Holding, marketValueAnswer } from './market-value-answer';
import { currentRates, historyCalendar } from './market-value-service';

/**
 * The sample cellar: Vinmonopolet numbers from the bundled 2014 product list (Bordeaux, Burgundy,
 * Champagne, Piedmont, Tuscany, the Rhône, the Douro, Rioja, California, the Mosel) and bottles of each.
 */
const CATALOGUE_SAMPLE: readonly [number: string, bottles: number][] = [
  ['9938501', 6], // Ch. Pontet-Canet 2009
  ['320701', 3], // Ch. Climens 2007
  ['1735501', 12], // Ch. Pontet-Canet 2011
  ['1887701', 6], // Ch. Canon La Gaffelière 2011
  ['1251001', 2], // Hudelot-Noëllat Richebourg Grand Cru 2011
  ['5832101', 3], // Lequin-Colin Bâtard-Montrachet Grand Cru 2011
  ['1808801', 6], // Jean Grivot Vosne-Romanée Les Bossières 2012
  ['1808901', 6], // Jean Grivot Nuits-Saint-Georges Aux Lavières 2012
  ['5650101', 2], // Roagna Barbaresco Crichët Pajé 2004
  ['5886701', 6], // Pio Cesare Il Bricco Barbaresco 2009
  ['923801', 3], // Baricchi Barbaresco 1996
  ['1811201', 4], // Tenuta di Biserno Lodovico 2011
  ['4930801', 6], // Poggio al Vento Brunello di Montalcino Riserva 2006
  ['4255001', 6], // Mormoreto Castello di Nipozzano 2011
  ['1651201', 2], // M. Chapoutier L'Ermite Blanc 2011
  ['9639501', 3], // Jaboulet Hermitage La Chapelle 2005
  ['130001', 3], // Casa Ferreirinha Barca-Velha 2004
  ['4474901', 6], // Quinta do Noval Vintage 2003
  ['852601', 2], // Contador 2010
  ['542101', 6], // Muga Aro 2009
  ['859801', 3], // Stag's Leap SLV Cabernet Sauvignon 2005
  ['1584801', 2], // Sybille Kuntz Riesling Trockenbeerenauslese 2011
  ['5541001', 6], // Laurent-Perrier Grand Siècle NV
  ['677101', 6], // Moët & Chandon Grand Vintage 2006
  ['5757301', 6], // Taittinger Prélude Grands Crus NV
];

/** The same shape over the generated demo catalogue (tests and a setup without the product list). */
const GENERATED_SAMPLE: readonly [number: string, bottles: number][] = [
  '900001',
  '900009',
  '900017',
  '900030',
  '900040',
  '900052',
  '900059',
  '900069',
  '900078',
  '900086',
  '900097',
  '900107',
  '900118',
  '900128',
  '900139',
  '900200',
  '900207',
  '900217',
  '900228',
  '900237',
  '900250',
  '900258',
  '900268',
  '900278',
  '900287',
].map((number, i) => [number, [6, 3, 12, 2, 6][i % 5] as number]);

/** The year the catalogue's shelf prices were listed (the bundled product list is 2014's). */
const CATALOGUE_PRICE_YEAR = 2014;

/** The sample's wines as the catalogue has them: the product list's when it is there, else the generated ones. */
async function sampleWines(): Promise<{ doc: SearchDoc; number: string; bottles: number }[]> {
  const pick = async (list: readonly [string, number][]) => {
    const found = await winesByExternalNumbers(list.map(([number]) => number));
    return list.flatMap(([number, bottles]) => {
      const doc = found.get(number);
      return doc ? [{ doc, number, bottles }] : [];
    });
  };
  const real = await pick(CATALOGUE_SAMPLE);
  return real.length >= CATALOGUE_SAMPLE.length / 2 ? real : pick(GENERATED_SAMPLE);
}

function requestOf(doc: SearchDoc, number: string): ValuationRequest {
  const key = valuationKey({
    vinmonopoletNumber: number,
    wineId: doc.id,
    vintage: doc.vintage,
    bottleSize: doc.bottleSize,
  }) as string;
  return {
    key,
    vinmonopoletNumber: number,
    wineName: doc.name,
    ...(doc.producer ? { producerName: doc.producer } : {}),
    vintage: doc.vintage,
    bottleSize: doc.bottleSize,
    hints: {
      ...(doc.priceMinor
        ? { referencePrice: doc.priceMinor, referenceCurrency: 'NOK', referenceYear: CATALOGUE_PRICE_YEAR }
        : {}),
      categoryId: doc.mainCategoryId,
      ...(doc.style ? { style: doc.style } : {}),
      ...(doc.country ? { country: doc.country } : {}),
      ...(doc.region ? { region: doc.region } : {}),
    },
  };
}

function displayName(doc: SearchDoc): string {
  return wineDisplayName({ wineName: doc.name, producerName: doc.producer, vintage: doc.vintage });
}

/** The sample's holdings: each wine's demo price path over the calendar, its purchase price the shelf price's. */
async function sampleHoldings(days: readonly string[]): Promise<Holding[]> {
  const { demoValuationProvider } = await import('../adapters/demo-valuation-provider');
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const wines = await sampleWines();
  return Promise.all(
    wines.map(async ({ doc, number, bottles }) => {
      const quotes = (await demoValuationProvider.history?.(requestOf(doc, number), from, to)) ?? [];
      const path = dailyValues(
        quotes.map((quote) => ({ date: quote.asOf, value: quote.price })),
        from,
        to,
      );
      const newest = quotes[quotes.length - 1];
      // Bought at about 80 % of the shelf price without VAT, as the demo cellars are.
      const purchase = doc.priceMinor ? Math.round((doc.priceMinor / 1.25) * 0.8) : undefined;
      const value = cascade({
        ...(newest && path
          ? {
              market: {
                price: path[path.length - 1] as number,
                currency: newest.currency,
                asOf: newest.asOf,
                priceType: newest.priceType,
                provider: newest.source,
                demo: true,
                ...(newest.sampleSize !== undefined ? { sampleSize: newest.sampleSize } : {}),
                ...(newest.confidence !== undefined ? { confidence: newest.confidence } : {}),
              },
            }
          : {}),
        ...(purchase !== undefined
          ? { purchase: { price: purchase, currency: 'NOK' as const, asOf: `${CATALOGUE_PRICE_YEAR}-12-18` } }
          : {}),
      });
      return {
        ownWineId: `sample-${number}`,
        wineId: doc.id,
        wineDisplayName: displayName(doc),
        vintage: doc.vintage,
        bottles,
        ...(doc.region ? { region: doc.region } : {}),
        ...(doc.country ? { country: doc.country } : {}),
        // The sample's wines have no wine list category: they are grouped by style.
        categoryId: doc.mainCategoryId,
        ...(value ? { value: { ...value, demo: true } } : {}),
        ...(value?.source === 'market' && path ? { path } : {}),
        ...(purchase !== undefined ? { purchase: { price: purchase, currency: 'NOK' as const } } : {}),
      } satisfies Holding;
    }),
  );
}

const made = new Map<string, Promise<MarketValueAnswer>>();

/** The sample answer in the viewer's currency, worked out once per day and currency. */
export async function marketValueSample(viewCurrency: CurrencyCode): Promise<MarketValueAnswer> {
  const id = `${todayIso()}#${viewCurrency}`;
  let answer = made.get(id);
  if (!answer) {
    if (made.size > 20) made.clear();
    answer = (async () => {
      const days = historyCalendar();
      const [holdings, latest] = await Promise.all([sampleHoldings(days), currentRates()]);
      return {
        ...marketValueAnswer(holdings, {
          calendar: days,
          viewCurrency,
          nokPerUnit: latest.nokPerUnit as Partial<Record<CurrencyCode, number>>,
          sample: true,
        }),
        demo: true,
      };
    })();
    made.set(id, answer);
    answer.catch(() => made.delete(id));
  }
  return answer;
}
