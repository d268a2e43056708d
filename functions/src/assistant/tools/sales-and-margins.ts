import { ANALYTICS_MAX_DAYS, dayNumber, isoOfDay, todayIso, type WineFigures } from '@kork/shared';
import { salesAnalytics } from '../../sales-analytics/sales-analytics-service';
import { cellarSnapshot, rowLimit } from './cellar-rows';
import type { SalesAndMarginsData, SalesRow } from './outputs';
import type { AssistantTool } from './tool';
import { ToolError } from './tool-error';

/** Days of the period when `from` is not given (today included). */
const DEFAULT_DAYS = 365;

type Order = SalesAndMarginsData['order'];

const ORDERS: Record<Order, (a: WineFigures, b: WineFigures) => number> = {
  margin_asc: (a, b) => a.margin - b.margin,
  margin_desc: (a, b) => b.margin - a.margin,
  revenue_desc: (a, b) => b.revenue - a.revenue,
  bottles_desc: (a, b) => b.units - a.units,
};

export const salesAndMargins: AssistantTool<'sales_and_margins'> = {
  name: 'sales_and_margins',
  description:
    "The user's sales over a period (from/to YYYY-MM-DD; the last 365 days when not given): totals and per " +
    'wine the bottles sold, revenue without VAT, cost, gross margin (minor units of `currency`) and margin ' +
    'percent, ordered by margin (margin_asc for the wines that earn least), revenue or bottles.',
  async run(context, input) {
    const to = input.to ?? todayIso(context.now);
    const from = input.from ?? isoOfDay(dayNumber(to) - (DEFAULT_DAYS - 1));
    if (from > to) {
      throw new ToolError('`from` must be on or before `to`.', 'Perioden må starte før den slutter.');
    }
    if (dayNumber(to) - dayNumber(from) + 1 > ANALYTICS_MAX_DAYS) {
      throw new ToolError(
        `The period may be at most ${ANALYTICS_MAX_DAYS} days.`,
        `Perioden kan være høyst ${ANALYTICS_MAX_DAYS} dager.`,
      );
    }
    const [analytics, snapshot] = await Promise.all([
      salesAnalytics(context.userId, { from, to }),
      cellarSnapshot(context.userId),
    ]);
    const inCellar = new Map(snapshot.wines.map((wine) => [wine.id, wine]));
    const order: Order = input.order ?? 'revenue_desc';
    const wines = [...analytics.byWine].sort(ORDERS[order]);
    const rows: SalesRow[] = wines.slice(0, rowLimit(input.limit)).map((figures) => {
      const wine = inCellar.get(figures.ownWineId);
      const row: SalesRow = {
        name: wine?.wineDisplayName ?? figures.wineDisplayName,
        vintage: wine?.vintage ?? null,
        bottles: figures.units,
        revenue: figures.revenue,
        cost: figures.cost,
        margin: figures.margin,
        marginPercent: figures.marginPercentage ?? null,
      };
      if (wine) row.cellarWineId = wine.id;
      return row;
    });
    const { totals } = analytics;
    const data: SalesAndMarginsData = {
      currency: analytics.currency,
      from: analytics.from,
      to: analytics.to,
      order,
      totals: {
        bottles: totals.units,
        revenue: totals.revenue,
        cost: totals.cost,
        margin: totals.margin,
        marginPercent: totals.marginPercentage ?? null,
      },
      count: wines.length,
      rows,
    };
    return { data: { ...data } };
  },
};
