/**
 * What a column is from its values alone, for a table without a header row (or a column whose header
 * says nothing): years are vintages, sizes in ml, cl or litres are bottle sizes, small whole numbers
 * quantities, amounts prices, and known countries, regions and colours are those; the text column of the
 * most words is the wine's name, another short text column the producer. And whether a table's first
 * row is data rather than headers.
 */
import { foldText, type ImportField } from '@kork/shared';
import { parseBottleSize, parseCategory, parseMoneyMinor, parseQuantity, parseVintage } from '../read/values';

/** Wine countries as lists write them, in Norwegian and English (folded). */
const COUNTRIES = new Set(
  [
    'frankrike france italia italy spania spain tyskland germany portugal østerrike osterrike austria usa',
    'chile argentina australia sør-afrika sor-afrika south-africa hellas greece ungarn hungary sveits',
    'switzerland libanon lebanon israel georgia slovenia kroatia croatia canada uruguay romania bulgaria',
    'moldova england storbritannia uk norge norway sverige sweden danmark denmark japan kina china mexico',
    'brasil brazil tsjekkia czechia slovakia serbia tyrkia turkey kypros cyprus marokko morocco',
  ]
    .join(' ')
    .split(' ')
    .concat(['new zealand', 'sør-afrika', 'south africa', 'united states', 'nord-makedonia'])
    .map((name) => foldText(name)),
);

/** Wine regions and districts lists name most (folded). */
const REGIONS = new Set(
  [
    'bordeaux',
    'bourgogne',
    'burgund',
    'burgundy',
    'champagne',
    'rhône',
    'rhone',
    'loire',
    'alsace',
    'languedoc',
    'roussillon',
    'languedoc-roussillon',
    'provence',
    'beaujolais',
    'chablis',
    'jura',
    'savoie',
    'sud-ouest',
    'piemonte',
    'piedmont',
    'toscana',
    'tuscany',
    'veneto',
    'sicilia',
    'sicily',
    'puglia',
    'abruzzo',
    'campania',
    'friuli',
    'trentino',
    'alto adige',
    'lombardia',
    'marche',
    'umbria',
    'sardegna',
    'rioja',
    'ribera del duero',
    'priorat',
    'rías baixas',
    'jerez',
    'penedès',
    'navarra',
    'toro',
    'rueda',
    'mosel',
    'rheingau',
    'pfalz',
    'rheinhessen',
    'nahe',
    'baden',
    'franken',
    'wachau',
    'kamptal',
    'burgenland',
    'douro',
    'dão',
    'alentejo',
    'vinho verde',
    'madeira',
    'napa valley',
    'sonoma',
    'california',
    'oregon',
    'washington',
    'barossa',
    'barossa valley',
    'mclaren vale',
    'margaret river',
    'marlborough',
    'central otago',
    'stellenbosch',
    'mendoza',
    'maipo',
    'colchagua',
    'tokaj',
  ].map((name) => foldText(name)),
);

const nonEmpty = (values: readonly string[]) => values.map((v) => v.trim()).filter((v) => v !== '');

/** A year a vintage can be (or NV). */
function isVintage(value: string): boolean {
  return parseVintage(value) !== undefined && /^(1[89]\d\d|20\d\d|nv|n\.v\.)$/i.test(value.trim());
}

/** A size with its unit ("750 ml", "0,75 l", "75cl", "(1.5L)") or a named one ("Magnum"). */
function isSizeWithUnit(value: string): boolean {
  if (parseBottleSize(value) === undefined) return false;
  return /\d\s*(ml|cl|dl|l|ltr|liter|litre)\b/i.test(value) || /^[a-zæøå\s]+$/i.test(value.trim());
}

/** A bare number that is a usual bottle size in litres or millilitres ("0.75", "1,5", "750"). */
function isBareSize(value: string): boolean {
  return /^(0[.,]375|0[.,]5|0[.,]75|1[.,]5|3|375|500|750|1500)$/.test(value.trim());
}

function isText(value: string): boolean {
  return /\p{L}{2}/u.test(value) && !/^\d/.test(value.trim());
}

const words = (value: string) => value.split(/\s+/).filter(Boolean).length;

/** The share of values that pass. */
function share(values: readonly string[], test: (value: string) => boolean): number {
  return values.length === 0 ? 0 : values.filter(test).length / values.length;
}

/** How well a column's values say each field (the higher the surer; absent: not at all). */
export function valueScores(samples: readonly string[]): Map<ImportField, number> {
  const scores = new Map<ImportField, number>();
  const values = nonEmpty(samples);
  if (values.length === 0) return scores;
  const most = (test: (value: string) => boolean) => share(values, test) >= 0.8;
  if (most(isVintage)) scores.set('vintage', 60);
  else if (most(isSizeWithUnit)) scores.set('bottleSize', 60);
  else if (most((v) => COUNTRIES.has(foldText(v)))) scores.set('country', 55);
  else if (most((v) => REGIONS.has(foldText(v)))) scores.set('region', 50);
  else if (most((v) => words(v) <= 3 && parseCategory(v) !== undefined)) scores.set('category', 50);
  else if (most(isBareSize) && values.some((v) => !/^\d+$/.test(v) || Number(v) >= 375))
    scores.set('bottleSize', 40);
  else if (most((v) => parseQuantity(v) !== undefined && /^\d+$/.test(v) && Number(v) < 1000))
    scores.set('quantity', 35);
  else if (most((v) => parseMoneyMinor(v) !== undefined)) scores.set('purchasePriceWvat', 30);
  else if (most(isText)) {
    const average = values.reduce((sum, v) => sum + words(v), 0) / values.length;
    if (average <= 10) {
      // The most words: the wine's name; another short text column: its producer.
      scores.set('wineName', 20 + Math.min(average, 10));
      if (average <= 4) scores.set('producer', 15 + Math.min(average, 4));
    } else scores.set('note', 15);
  }
  return scores;
}

/** A cell that is a value, not a header: a year, a number, an amount or a size. */
function isValue(cell: string): boolean {
  const value = cell.trim();
  return (
    /^\d/.test(value) ||
    parseMoneyMinor(value) !== undefined ||
    (/\d/.test(value) && parseBottleSize(value) !== undefined)
  );
}

/**
 * Whether a table's first row is data (a list exported without headers): it holds a value (a year,
 * a number, a size) and fewer than half its cells name a field. Headers never are numbers.
 */
export function firstRowIsData(cells: readonly string[], namesField: (cell: string) => boolean): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (filled.length < 2 || !filled.some(isValue)) return false;
  return filled.filter(namesField).length * 2 < filled.length;
}
