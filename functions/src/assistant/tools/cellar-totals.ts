import type { CellarWine, MainCategory } from '@kork/shared';
import { cellarSnapshot, totalsOf } from '../../cellar/kernel/cellar-snapshot';
import type { CategoryTotals, CellarTotalsData } from './outputs';
import type { AssistantTool } from './tool';

export const cellarTotals: AssistantTool<'cellar_totals'> = {
  name: 'cellar_totals',
  description:
    "The user's whole cellar in figures: wines, wines in stock, bottles, value at purchase price and at " +
    'selling price (minor units of `currency`), in total and by category. Call it for "how many bottles" ' +
    'or "what is my cellar worth".',
  async run(context) {
    const snapshot = await cellarSnapshot(context.userId);
    const totals = totalsOf(snapshot.wines);
    const byCategory = new Map<MainCategory, CellarWine[]>();
    for (const wine of snapshot.wines) {
      const list = byCategory.get(wine.mainCategoryId);
      if (list) list.push(wine);
      else byCategory.set(wine.mainCategoryId, [wine]);
    }
    const categories: CategoryTotals[] = [...byCategory].map(([category, wines]) => {
      const { wines: count, bottles, purchaseValue, sellingValue } = totalsOf(wines);
      return { category, wines: count, bottles, purchaseValue, sellingValue };
    });
    categories.sort((a, b) => b.bottles - a.bottles || a.category.localeCompare(b.category));
    const data: CellarTotalsData = {
      currency: snapshot.cellar.baseCurrency,
      wines: totals.wines,
      winesInStock: snapshot.wines.filter((wine) => wine.quantity > 0).length,
      bottles: totals.bottles,
      purchaseValue: totals.purchaseValue,
      sellingValue: totals.sellingValue,
      byCategory: categories,
    };
    return { data: { ...data } };
  },
};
