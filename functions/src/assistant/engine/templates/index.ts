/**
 * The local engine's answers: each tool's real figures as a short Markdown answer in English or
 * Norwegian Bokmål (a lead sentence with the key numbers and, for lists, a small pipe table with the wines
 * as links `[name](kork:wine/<cellarWineId>)`). No figure is made up: every number comes from the tool's
 * `data` (tools/outputs.ts); an empty result gets an honest sentence.
 */
import type { AssistantToolName, CurrencyCode, Locale } from '@kork/shared';
import type { ToolData } from '../../tools/outputs';
import { drinkNowAnswer, pairingAnswer, searchAnswer, totalsAnswer, wineListsAnswer } from './cellar-answers';
import {
  cartProposalAnswer,
  lowStockAnswer,
  priceProposalAnswer,
  reorderAnswer,
  salesAnswer,
} from './trade-answers';

/**
 * A tool's `data` as an answer in `locale`. Money is shown in the currency the tool answered in (its
 * `currency`, the cellar's); `currency` is used only for data that names none.
 */
export function renderToolAnswer(
  name: AssistantToolName,
  data: Record<string, unknown>,
  locale: Locale,
  currency?: CurrencyCode,
): string {
  const money = (typeof data.currency === 'string' ? data.currency : (currency ?? 'NOK')) as CurrencyCode;
  const d = data as unknown;
  switch (name) {
    case 'search_cellar':
      return searchAnswer(d as ToolData['search_cellar'], locale, money);
    case 'cellar_totals':
      return totalsAnswer(d as ToolData['cellar_totals'], locale, money);
    case 'drink_now':
      return drinkNowAnswer(d as ToolData['drink_now'], locale);
    case 'pair_with_food':
      return pairingAnswer(d as ToolData['pair_with_food'], locale);
    case 'low_stock':
      return lowStockAnswer(d as ToolData['low_stock'], locale);
    case 'reorder_suggestions':
      return reorderAnswer(d as ToolData['reorder_suggestions'], locale);
    case 'sales_and_margins':
      return salesAnswer(d as ToolData['sales_and_margins'], locale, money);
    case 'wine_lists_of_wine':
      return wineListsAnswer(d as ToolData['wine_lists_of_wine'], locale);
    case 'propose_cart':
      return cartProposalAnswer(d as ToolData['propose_cart'], locale);
    case 'propose_price':
      return priceProposalAnswer(d as ToolData['propose_price'], locale);
  }
}
