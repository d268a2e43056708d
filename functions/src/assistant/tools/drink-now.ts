import { cellarSnapshot, drinkingWindowOf, isDrinkNow } from '../../cellar/kernel/cellar-snapshot';
import { rowLimit, wineRef } from './cellar-rows';
import type { DrinkNowData, DrinkNowRow } from './outputs';
import type { AssistantTool } from './tool';

export const drinkNow: AssistantTool<'drink_now'> = {
  name: 'drink_now',
  description:
    "Wines in stock in the user's cellar that are in their drinking window this year (the owner's window, " +
    "else the catalogue's), those whose window ends soonest first; with includePastWindow, wines past their " +
    'window come first. Answers the count, the bottles and the first rows.',
  async run(context, input) {
    const snapshot = await cellarSnapshot(context.userId);
    const year = context.now.getUTCFullYear();
    const found: DrinkNowRow[] = [];
    let past = 0;
    let withoutWindow = 0;
    for (const wine of snapshot.wines) {
      if (wine.quantity <= 0) continue;
      if (input.category && wine.mainCategoryId !== input.category) continue;
      const window = drinkingWindowOf(wine);
      const pastWindow = window.to !== undefined && window.to < year;
      if (pastWindow) past++;
      if (window.from === undefined && window.to === undefined) withoutWindow++;
      if (!isDrinkNow(wine, year) && !(input.includePastWindow && pastWindow)) continue;
      const row: DrinkNowRow = {
        ...wineRef(wine),
        bottles: wine.quantity,
        category: wine.mainCategoryId,
        pastWindow,
      };
      if (window.from !== undefined) row.windowFrom = window.from;
      if (window.to !== undefined) row.windowTo = window.to;
      found.push(row);
    }
    // Past windows first, then the window ending soonest (open-ended last), then the name.
    found.sort(
      (a, b) =>
        Number(b.pastWindow) - Number(a.pastWindow) ||
        (a.windowTo ?? Number.MAX_SAFE_INTEGER) - (b.windowTo ?? Number.MAX_SAFE_INTEGER) ||
        a.name.localeCompare(b.name, 'nb'),
    );
    const data: DrinkNowData = {
      year,
      count: found.length,
      bottles: found.reduce((sum, row) => sum + row.bottles, 0),
      rows: found.slice(0, rowLimit(input.limit)),
      pastWindow: past,
      withoutWindow,
    };
    return { data: { ...data } };
  },
};
