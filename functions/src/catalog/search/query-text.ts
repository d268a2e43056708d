/**
 * How a search text is read before it is matched: a four-digit year among its words ("margaux 2007",
 * "sancerre 2012") is the vintage asked for when the catalogue has wines of that vintage, and narrows
 * the wines to it instead of matching a year written somewhere in a name; a year the catalogue has no
 * wine of (or a second year) stays a word to match. When the year read as a vintage leaves nothing, the
 * search is read again with the year as a word (`asWords`): "Cune Reserva 2009/2010" is a wine's name
 * (vintage 2010), and "Cune Reserva 2009" finds it when there is no Cune Reserva of 2009.
 */

/** Years a vintage may be read from: four digits, 1800 to 2099. */
const YEAR = /^(18|19|20)\d\d$/;

export interface ReadQuery {
  /** The words left to match, each once, in the order typed. */
  tokens: string[];
  /** The vintage the text asked for, as the vintage facet's id ("2007"). */
  vintage?: string;
}

/**
 * The words of a query (folded tokens, as `textTokens` gives them) and the vintage among them:
 * the first year for which `hasVintage` says the catalogue has wines.
 */
export function readQuery(tokens: readonly string[], hasVintage: (year: string) => boolean): ReadQuery {
  const words = [...new Set(tokens)];
  const at = words.findIndex((word) => YEAR.test(word) && hasVintage(word));
  if (at < 0) return { tokens: words };
  return { tokens: words.filter((_, i) => i !== at), vintage: words[at] as string };
}

/** The same words with no vintage read from them: every year a word to match, in the order typed. */
export function asWords(tokens: readonly string[]): ReadQuery {
  return { tokens: [...new Set(tokens)] };
}
