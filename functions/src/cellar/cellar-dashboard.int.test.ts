/**
 * The cellar home's low-stock panel through `GET …/dashboard`: the wines at or below the low-stock
 * threshold, most urgent first, with the sold-out ones included — and a cellar with many sold-out wines
 * still shows the ones about to run out.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { createOwnWines } from '@kork/functions/cellar/wines/cellar-wine-adds';
import { type CellarDashboard, CellarWineInput, LOW_STOCK_AT_MOST } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant'],
  timeout: 120_000,
});
const { tokens, userIds: ids } = accounts;
const R = 'restaurant';

async function dashboard(): Promise<CellarDashboard> {
  const answer = await origin.api<CellarDashboard>('GET', `${accounts.base(R)}/dashboard`, {
    token: tokens[R],
  });
  expect(answer.status).toBe(200);
  return answer.payload;
}

describe('the cellar home’s low stock', () => {
  it('lists the wines at or below the threshold, sold-out first, and never lets sold-out wines crowd out the rest', async () => {
    const owner = ids[R] as string;
    // Twelve sold-out wines (more than the panel lists), and wines with 1, 2, 3 and 12 bottles.
    const stock: [string, number][] = [
      ...Array.from(
        { length: 12 },
        (_, i) => [`Tom ${String(i + 1).padStart(2, '0')}`, 0] as [string, number],
      ),
      ['Bare to A', 2],
      ['Siste flaske B', 1],
      ['Siste flaske A', 1],
      ['Bare to B', 2],
      ['Tre igjen', 3],
      ['Full kasse', 12],
    ];
    await createOwnWines(
      owner,
      stock.map(([wineName, quantity]) =>
        CellarWineInput.parse({ source: 'CUSTOM', wineName, bottleSize: 0.75, quantity }),
      ),
      { userId: owner, role: 'user' },
      { bulk: true },
    );
    expect(LOW_STOCK_AT_MOST).toBe(2);

    const home = await dashboard();
    const names = home.lowStock.map((wine) => `${wine.wineDisplayName.replace(/ NV$/, '')}:${wine.quantity}`);
    // The wines about to run out are there, fewest first, each by name; above 2 bottles is not low.
    expect(names.filter((name) => !name.endsWith(':0'))).toEqual([
      'Siste flaske A:1',
      'Siste flaske B:1',
      'Bare to A:2',
      'Bare to B:2',
    ]);
    // The sold-out ones come first (0 is the most urgent), by name; the panel is told how many in all.
    expect(names.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Tom ${String(i + 1).padStart(2, '0')}:0`),
    );
    expect(home.lowStockCount).toEqual({ outOfStock: 12, runningLow: 4 });
    expect(home.lowStock.some((wine) => wine.quantity > LOW_STOCK_AT_MOST)).toBe(false);
  });
});
