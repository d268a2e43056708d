/**
 * Which import lines are wines the cellar already has: the same catalogue wine (of the line's choice),
 * the same Vinmonopolet or Vectura number, or a custom wine of the same producer, name, vintage and size.
 */
import {
  type CellarWine,
  foldText,
  type ImportChoice,
  type ImportDuplicate,
  isCustomSource,
  type ParsedWineLine,
} from '@kork/shared';
import { cellarSnapshot } from '../cellar/cellar-snapshot';

/** What a custom line becomes when it leaves these out (as the import writes it). */
const DEFAULT_BOTTLE_SIZE = 0.75;

export interface DuplicateLine {
  parsed: ParsedWineLine;
  choice: ImportChoice;
}

/**
 * A custom wine's identity: its producer's and name's words in any order, accents and punctuation
 * aside (so "William Fèvre" · "Chablis" is "William Fevre Chablis"), its vintage and its size.
 */
function identity(
  producer: string | undefined,
  name: string,
  vintage: number | null,
  bottleSize: number,
): string {
  const words = [...new Set(foldText(`${producer ?? ''} ${name}`).split(/[^\p{L}\p{N}]+/u))]
    .filter(Boolean)
    .sort();
  return `${words.join(' ')}|${vintage ?? 'NV'}|${bottleSize}`;
}

function duplicateOf(wine: CellarWine): ImportDuplicate {
  return { ownWineId: wine.id, wineDisplayName: wine.wineDisplayName, quantity: wine.quantity };
}

/** The same, against a list of cellar wines (oldest first: the first of several is the one named). */
export function duplicatesIn(
  wines: readonly CellarWine[],
  lines: readonly DuplicateLine[],
): (ImportDuplicate | undefined)[] {
  const byWineId = new Map<string, CellarWine>();
  const byVinmonopolet = new Map<string, CellarWine>();
  const byVectura = new Map<string, CellarWine>();
  const byIdentity = new Map<string, CellarWine>();
  const first = <K>(map: Map<K, CellarWine>, key: K, wine: CellarWine) => {
    if (!map.has(key)) map.set(key, wine);
  };
  for (const wine of wines) {
    if (wine.wineId && !isCustomSource(wine.source)) first(byWineId, wine.wineId, wine);
    if (wine.vinmonopoletNumber) first(byVinmonopolet, wine.vinmonopoletNumber, wine);
    for (const id of wine.externalIds ?? []) {
      if (id.kind === 'VinmonopoletID') first(byVinmonopolet, id.value, wine);
      else if (id.kind === 'VecturaID') first(byVectura, id.value, wine);
    }
    if (isCustomSource(wine.source)) {
      first(byIdentity, identity(wine.producerName, wine.wineName, wine.vintage, wine.bottleSize), wine);
    }
  }
  return lines.map(({ parsed, choice }) => {
    const found =
      (choice.kind === 'catalog' ? byWineId.get(choice.wineId) : undefined) ??
      (parsed.vinmonopoletNumber ? byVinmonopolet.get(parsed.vinmonopoletNumber.trim()) : undefined) ??
      (parsed.vecturaNumber ? byVectura.get(parsed.vecturaNumber.trim()) : undefined) ??
      (choice.kind === 'catalog'
        ? undefined
        : byIdentity.get(
            identity(
              parsed.producer,
              parsed.wineName,
              parsed.vintage ?? null,
              parsed.bottleSize ?? DEFAULT_BOTTLE_SIZE,
            ),
          ));
    return found ? duplicateOf(found) : undefined;
  });
}

/** Each line's wine already in the owner's cellar, if any (read from the cellar's current snapshot). */
export async function findDuplicates(
  ownerId: string,
  lines: readonly DuplicateLine[],
): Promise<(ImportDuplicate | undefined)[]> {
  if (lines.length === 0) return [];
  const { wines } = await cellarSnapshot(ownerId);
  return duplicatesIn(wines, lines);
}
