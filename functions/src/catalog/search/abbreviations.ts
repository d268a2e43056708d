/**
 * The abbreviations wine names are written with, and their long forms. Vinmonopolet writes
 * "Ch. Palmer", "Dom. Vacheron", "St. Julien", "Az. Agr."; people type "Château Palmer", "domaine
 * vacheron", "Saint-Julien", "azienda agricola" — and the other way round. Each row below is one group
 * of equal forms (folded: lower case, no accents, as `textTokens` gives them); a form may be several
 * words ("cantina sociale").
 *
 * | written       | also found as                         |
 * |---------------|---------------------------------------|
 * | Ch.           | Château, Chateau                      |
 * | Chx.          | Châteaux                              |
 * | Dom.          | Domaine                               |
 * | St.           | Saint, Sankt, Sct.                    |
 * | Ste.          | Sainte                                |
 * | Cs.           | Cantina Sociale                       |
 * | Cant.         | Cantina                               |
 * | Az.           | Azienda                               |
 * | Agr.          | Agricola                              |
 * | Bod.          | Bodega, Bodegas                       |
 * | Weing.        | Weingut                               |
 * | Ten.          | Tenuta                                |
 * | Cast.         | Castello                              |
 * | Fatt.         | Fattoria                              |
 * | Pod.          | Podere                                |
 * | March.        | Marchesi                              |
 * | Marq.         | Marqués, Marquis                      |
 * | Vign.         | Vignerons, Vignobles                  |
 * | Prod.         | Producteurs, Produttori               |
 * | Coop.         | Cooperative                           |
 * | Hnos.         | Hermanos                              |
 * | Gebr.         | Gebrüder                              |
 *
 * The index files a wine under every form of each group its text holds (`withAbbreviations`), so a
 * query in either form matches it exactly, and ranking (exact, then prefix, then typo) is unchanged.
 */
export const ABBREVIATIONS: readonly (readonly string[])[] = [
  ['ch', 'chateau'],
  ['chx', 'chateaux'],
  ['dom', 'domaine'],
  ['st', 'saint', 'sankt', 'sct'],
  ['ste', 'sainte'],
  ['cs', 'cantina sociale'],
  ['cant', 'cantina'],
  ['az', 'azienda'],
  ['agr', 'agricola'],
  ['bod', 'bodega', 'bodegas'],
  ['weing', 'weingut'],
  ['ten', 'tenuta'],
  ['cast', 'castello'],
  ['fatt', 'fattoria'],
  ['pod', 'podere'],
  ['march', 'marchesi'],
  ['marq', 'marques', 'marquis'],
  ['vign', 'vignerons', 'vignobles'],
  ['prod', 'producteurs', 'produttori'],
  ['coop', 'cooperative'],
  ['hnos', 'hermanos'],
  ['gebr', 'gebruder'],
];

interface Form {
  words: readonly string[];
  /** The words of every form of the group (this one's included). */
  group: readonly string[];
}

/** Forms by their first word. */
const FORMS: ReadonlyMap<string, readonly Form[]> = (() => {
  const byFirst = new Map<string, Form[]>();
  for (const row of ABBREVIATIONS) {
    const group = [...new Set(row.flatMap((form) => form.split(' ')))];
    for (const form of row) {
      const words = form.split(' ');
      const first = words[0] as string;
      const list = byFirst.get(first) ?? [];
      list.push({ words, group });
      byFirst.set(first, list);
    }
  }
  return byFirst;
})();

/** The other forms of one word or phrase ("ch" → ["chateau"], "chateau" → ["ch"]), for tests and docs. */
export function otherForms(text: string): string[] {
  const row = ABBREVIATIONS.find((forms) => forms.includes(text));
  return row ? row.filter((form) => form !== text) : [];
}

/**
 * A text's folded tokens with, after them, the words of every other form of each abbreviation or long
 * form they hold: ["ch", "palmer"] → ["ch", "palmer", "chateau"]; ["cantina", "sociale", "x"] → […, "cs",
 * "cant"]. Tokens without a form come back as they are (the same array when nothing is added).
 */
export function withAbbreviations(tokens: readonly string[]): readonly string[] {
  let added: Set<string> | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const forms = FORMS.get(tokens[i] as string);
    if (forms === undefined) continue;
    for (const form of forms) {
      if (!form.words.every((word, j) => tokens[i + j] === word)) continue;
      added ??= new Set();
      for (const word of form.group) added.add(word);
    }
  }
  if (added === undefined) return tokens;
  return [...tokens, ...[...added].filter((word) => !tokens.includes(word))];
}

/** Each one-word form's long form ("ch", "chateau" → "chateau"; "st", "sankt" → "saint"). */
const LONG_FORM: ReadonlyMap<string, string> = new Map(
  ABBREVIATIONS.flatMap((row) => {
    const long = row[1] as string;
    return row.filter((form) => !form.includes(' ')).map((form) => [form, long] as const);
  }),
);

/**
 * Folded words with every abbreviation and long form written one way, the long one, as one text:
 * ["st", "julien"] and ["saint", "julien"] → "saint julien". For matching names as typed (the navbar's
 * search of countries, regions and producers by the start of their words).
 */
export function longForms(tokens: readonly string[]): string {
  return tokens.map((token) => LONG_FORM.get(token) ?? token).join(' ');
}
