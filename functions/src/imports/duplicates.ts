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
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';

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

interface CellarIndex {
  byWineId: Map<string, CellarWine>;
  byVinmonopolet: Map<string, CellarWine>;
  byVectura: Map<string, CellarWine>;
  byIdentity: Map<string, CellarWine>;
}

/** The cellar's wines by catalogue id, external number and custom identity (the first of several wins). */
function indexCellar(wines: readonly CellarWine[]): CellarIndex {
  const index: CellarIndex = {
    byWineId: new Map(),
    byVinmonopolet: new Map(),
    byVectura: new Map(),
    byIdentity: new Map(),
  };
  const first = <K>(map: Map<K, CellarWine>, key: K, wine: CellarWine) => {
    if (!map.has(key)) map.set(key, wine);
  };
  for (const wine of wines) {
    if (wine.wineId && !isCustomSource(wine.source)) first(index.byWineId, wine.wineId, wine);
    if (wine.vinmonopoletNumber) first(index.byVinmonopolet, wine.vinmonopoletNumber, wine);
    for (const id of wine.externalIds ?? []) {
      if (id.kind === 'VinmonopoletID') first(index.byVinmonopolet, id.value, wine);
      else if (id.kind === 'VecturaID') first(index.byVectura, id.value, wine);
    }
    if (isCustomSource(wine.source)) {
      first(
        index.byIdentity,
        identity(wine.producerName, wine.wineName, wine.vintage, wine.bottleSize),
        wine,
      );
    }
  }
  return index;
}

function duplicateIn(index: CellarIndex, { parsed, choice }: DuplicateLine): ImportDuplicate | undefined {
  const found =
    (choice.kind === 'catalog' ? index.byWineId.get(choice.wineId) : undefined) ??
    (parsed.vinmonopoletNumber ? index.byVinmonopolet.get(parsed.vinmonopoletNumber.trim()) : undefined) ??
    (parsed.vecturaNumber ? index.byVectura.get(parsed.vecturaNumber.trim()) : undefined) ??
    (choice.kind === 'catalog'
      ? undefined
      : index.byIdentity.get(
          identity(
            parsed.producer,
            parsed.wineName,
            parsed.vintage ?? null,
            parsed.bottleSize ?? DEFAULT_BOTTLE_SIZE,
          ),
        ));
  return found ? duplicateOf(found) : undefined;
}

/** The same, against a list of cellar wines (oldest first: the first of several is the one named). */
export function duplicatesIn(
  wines: readonly CellarWine[],
  lines: readonly DuplicateLine[],
): (ImportDuplicate | undefined)[] {
  const index = indexCellar(wines);
  return lines.map((line) => duplicateIn(index, line));
}

/** A line as matched, before the user looks: its first choice and, when it names no vintage, its wine's vintages. */
export interface MatchedLine extends DuplicateLine {
  vintages?: readonly { wineId: string }[];
}

/**
 * Each line's choice before the user looks, with the wine the cellar already holds of it. A line not
 * decided yet prefers what the cellar holds: of a wine whose vintage the line leaves open, the vintage
 * the cellar has (its bottles to be added to); a line that matched nothing but is a custom wine in the
 * cellar (or carries the number of a wine there) is kept as typed and added to it. Otherwise it stays
 * undecided, for the user.
 */
export function heldChoicesIn(
  wines: readonly CellarWine[],
  lines: readonly MatchedLine[],
): { choice: ImportChoice; duplicate?: ImportDuplicate }[] {
  const index = indexCellar(wines);
  return lines.map((line) => {
    if (line.choice.kind !== 'undecided') return withDuplicate(line.choice, duplicateIn(index, line));
    for (const vintage of line.vintages ?? []) {
      const held = index.byWineId.get(vintage.wineId);
      if (held) return withDuplicate({ kind: 'catalog', wineId: vintage.wineId }, duplicateOf(held));
    }
    const held = duplicateIn(index, line);
    return held ? withDuplicate({ kind: 'custom' }, held) : { choice: line.choice };
  });
}

function withDuplicate(choice: ImportChoice, duplicate: ImportDuplicate | undefined) {
  return duplicate ? { choice, duplicate } : { choice };
}

/** `heldChoicesIn` against the owner's cellar as it is now. */
export async function heldChoices(
  ownerId: string,
  lines: readonly MatchedLine[],
): Promise<{ choice: ImportChoice; duplicate?: ImportDuplicate }[]> {
  if (lines.length === 0) return [];
  const { wines } = await cellarSnapshot(ownerId);
  return heldChoicesIn(wines, lines);
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
