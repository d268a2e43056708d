import { rowLimit, wineRef } from './cellar-rows';
import type { LowStockData, LowStockRow } from './outputs';
import { lowStockOf, PACE_DAYS, stockPace } from './stock-pace';
import type { AssistantTool } from './tool';

export const lowStock: AssistantTool<'low_stock'> = {
  name: 'low_stock',
  description:
    "Wines of the user's cellar at or under `threshold` bottles (2 when not given; 0 bottles included), with " +
    `the bottles sold over the last ${PACE_DAYS} days and the days of stock left at that pace (null: not sold). ` +
    'Those selling out soonest first.',
  async run(context, input) {
    const pace = await stockPace(context.userId, context.now, input.threshold);
    const found = lowStockOf(pace);
    const rows: LowStockRow[] = found
      .slice(0, rowLimit(input.limit))
      .map(({ wine, soldInPeriod, daysLeft }) => ({
        ...wineRef(wine),
        bottles: wine.quantity,
        soldInPeriod,
        daysLeft,
      }));
    const data: LowStockData = {
      threshold: pace.threshold,
      periodDays: PACE_DAYS,
      count: found.length,
      rows,
    };
    return { data: { ...data } };
  },
};
