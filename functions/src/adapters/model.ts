/**
 * The language model port, as the batch import's magic import uses it: wine lines out of any text (an
 * e-mail, a web page, a menu, OCR of a photo). In the cloud Bedrock (Converse with a tool whose input is
 * the lines); the local runner installs a rule-based extractor that finds producer, name, vintage, size,
 * quantity and price patterns and says which lines it could not read.
 */
import type { Locale, ParsedWineLine } from '@kork/shared';

export interface ExtractedWines {
  lines: { raw: string; parsed: ParsedWineLine }[];
  /** Text lines that looked like wine but could not be read. */
  unread: string[];
}

export interface ModelPort {
  extractWines(text: string, locale: Locale): Promise<ExtractedWines>;
}

let installed: ModelPort | undefined;

export function useModel(port: ModelPort | undefined): void {
  installed = port;
}

export function model(): ModelPort {
  if (installed) return installed;
  throw new Error('model: the Bedrock adapter is not written yet');
}
