import { foldText } from './catalog';

/**
 * A wine's display name: its name, with the producer in front only when the name does not already
 * say who made it. Catalogue names usually carry the producer ("Pira Barolo Marenca" by Luigi Pira,
 * "AD Dauvissat Chablis" by Agnès et Didier Dauvissat), so joining the two blindly repeats it.
 *
 * The rule (docs/decisions.md, "Wine display names"), with case, accents and punctuation ignored and
 * words compared whole:
 * 1. the name contains the whole producer name ("Krug Grande Cuvée" by Krug, "Louis Latour Pinot Noir"
 *    by Louis Latour) → the name alone;
 * 2. the name starts with the producer's family name, its last word that is not a company form or a
 *    kinship word ("Pira Barolo Marenca" by Luigi Pira, "Uzzano Chianti Classico" by Cast. di Uzzano)
 *    → the name alone;
 * 3. the name contains the family name elsewhere, with the producer's particle before it when the
 *    producer has one ("AD Dauvissat Chablis" by Agnès et Didier Dauvissat, "Le Restanques de
 *    Pibarnon" by Ch. de Pibarnon, "Marchesi di Barolo Barbera" by March. di Barolo; "Würzburger Stein"
 *    is not "am Stein") → the name alone;
 * 4. otherwise → "Producer Name" ("Vietti Barolo").
 * A family name needs three letters at least. The name is never shortened: every word of it stays.
 * `vintage`, when given, follows the name ("NV" for null: non-vintage).
 */
export function wineDisplayName(wine: {
  wineName: string;
  producerName?: string | null;
  vintage?: number | null;
}): string {
  const wineName = wine.wineName.trim();
  const producer = wine.producerName?.trim() ?? '';
  const name = !producer || producerInName(producer, wineName) ? wineName : `${producer} ${wineName}`;
  if (wine.vintage === undefined) return name;
  return `${name} ${wine.vintage === null ? 'NV' : wine.vintage}`;
}

/** Words of a text for comparing names: folded (case, accents, ø/æ/å) with punctuation as spaces. */
export function nameWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Company forms and kinship or trade words that end a producer's name without being its family name. */
const NOT_FAMILY_NAMES = new Set(
  (
    'as asa sa spa srl sas sarl sca scea gmbh kg ag ltd limited inc llc co cie ab oy bv nv plc pty ' +
    'fils pere freres figli figlio hijos hijo sons son sohne brothers bros family famille familia ' +
    'estate estates winery wines vineyards vineyard cellars wine vin vins vini vinos weine'
  ).split(' '),
);

/** Particles that bind a family name to what comes before it: "de Pibarnon", "di Uzzano", "am Stein". */
const PARTICLES = new Set(
  'de di da del della dei degli delle du des d l la le les lo el los las von van der den am zu'.split(' '),
);

/** Where `part` occurs in `words` as a run of whole words, from `from`; -1 when it does not. */
function indexOfWords(words: readonly string[], part: readonly string[], from = 0): number {
  if (part.length === 0) return -1;
  outer: for (let i = from; i + part.length <= words.length; i++) {
    for (let j = 0; j < part.length; j++) if (words[i + j] !== part[j]) continue outer;
    return i;
  }
  return -1;
}

/** How often `part` occurs in `words` as a run of whole words, without overlaps. */
export function countWords(words: readonly string[], part: readonly string[]): number {
  let count = 0;
  for (let i = indexOfWords(words, part); i >= 0; i = indexOfWords(words, part, i + part.length)) count++;
  return count;
}

/**
 * The producer's family name as words: its last word that is not a company form or a kinship word
 * (three letters at least), with the particles just before it ("de pibarnon"); undefined when it has none.
 */
function familyName(producer: readonly string[]): { words: string[]; bare: string } | undefined {
  for (let end = producer.length - 1; end >= 0; end--) {
    const word = producer[end] as string;
    if (NOT_FAMILY_NAMES.has(word) || PARTICLES.has(word)) continue;
    if (word.length < 3 || /^\d+$/.test(word)) return undefined;
    let start = end;
    while (start > 0 && PARTICLES.has(producer[start - 1] as string)) start--;
    // A producer that is nothing but a particle and a name ("La Spinetta") keeps it whole.
    return { words: producer.slice(start, end + 1), bare: word };
  }
  return undefined;
}

/** Whether the wine's name already says who made it (rules 1–3 above). */
export function producerInName(producerName: string, wineName: string): boolean {
  const producer = nameWords(producerName);
  const name = nameWords(wineName);
  if (producer.length === 0 || name.length === 0) return false;
  if (indexOfWords(name, producer) >= 0) return true;
  const family = familyName(producer);
  if (!family) return false;
  if (name[0] === family.bare) return true;
  if (indexOfWords(name, family.words) >= 0) return true;
  // Joined, the producer's end and the name's start must not spell the producer a second time.
  return countWords([...producer, ...name], producer) > 1;
}
