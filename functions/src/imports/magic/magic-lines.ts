/** Magic import: any text (pasted, or read from a photo or PDF) as wine lines through the model port. */
import type { Locale } from '@kork/shared';
import type { ReadLine } from '../read/read-line';

export async function magicLines(
  _text: string,
  _locale: Locale,
): Promise<{ lines: ReadLine[]; unread: string[] }> {
  throw new Error('magicLines: not written yet');
}
