import type { CellarDashboard, CellarWine } from '@kork/shared';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { DashboardPanel } from './dashboard-panel';

const WINES_PATH = '/wine-cellar/wines';

/** The owner's own window wins over the catalogue's suggestion (SPEC §5). */
function drinkingWindow(wine: CellarWine): { from?: number | undefined; to?: number | undefined } {
  if (wine.drinkingWindowFrom !== undefined || wine.drinkingWindowTo !== undefined) {
    return { from: wine.drinkingWindowFrom, to: wine.drinkingWindowTo };
  }
  return { from: wine.suggestedDrinkingWindowFrom, to: wine.suggestedDrinkingWindowTo };
}

function useWindowText(): (wine: CellarWine) => string | undefined {
  const { t } = useTranslation();
  return (wine) => {
    const { from, to } = drinkingWindow(wine);
    if (from !== undefined && to !== undefined) return t('cellarReview.home.drinkNow.window', { from, to });
    if (from !== undefined) return t('cellarReview.home.drinkNow.windowFrom', { from });
    if (to !== undefined) return t('cellarReview.home.drinkNow.windowTo', { to });
    return undefined;
  };
}

/** Wines whose drinking window includes this year, with the window. */
export function DrinkNowList({ wines }: { wines: CellarWine[] }) {
  const { t } = useTranslation();
  const windowText = useWindowText();
  return (
    <DashboardPanel
      title={t('cellarReview.home.drinkNow.title')}
      more={{ to: WINES_PATH, label: t('cellarReview.home.seeAllWines') }}
    >
      {wines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cellarReview.home.drinkNow.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {wines.map((wine) => (
            <li key={wine.id} className={classes.item}>
              <div>
                <Text size="sm" fw={600}>
                  {wine.wineDisplayName}
                </Text>
                <Text size="xs" c="dimmed">
                  {windowText(wine)}
                </Text>
              </div>
              <Text size="sm" c="dimmed" className={classes.count}>
                {t('cellarReview.home.bottles', { count: wine.quantity })}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}

/** How many sold-out wines the low-stock panel names in its one line. */
const OUT_NAMES = 3;

/**
 * Wines at or below the low-stock threshold, most urgent first: the sold-out ones (they stay in the
 * cellar) in one line at the top, the first few by name, then each wine still running with its bottles, fewest first. Sold-out
 * wines never push the ones about to run out off the panel.
 */
export function LowStockList({
  wines,
  count,
}: {
  wines: CellarWine[];
  count: CellarDashboard['lowStockCount'];
}) {
  const { t } = useTranslation();
  const out = wines.filter((wine) => wine.quantity <= 0).slice(0, OUT_NAMES);
  const running = wines.filter((wine) => wine.quantity > 0);
  const moreOut = count.outOfStock - out.length;
  const moreRunning = count.runningLow - running.length;
  return (
    <DashboardPanel
      title={t('cellarReview.home.lowStock.title')}
      more={{ to: WINES_PATH, label: t('cellarReview.home.seeAllWines') }}
    >
      {wines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cellarReview.home.lowStock.empty')}
        </Text>
      ) : (
        <>
          <ul className={classes.list}>
            {out.length > 0 && (
              <li className={classes.outItem}>
                <Badge color="red" variant="light" radius="sm" tt="none" className={classes.count}>
                  {t('cellarReview.home.lowStock.out')}
                </Badge>
                <Text size="sm">
                  <Text span size="sm" fw={600}>
                    {t('cellarReview.home.lowStock.outWines', { count: count.outOfStock })}
                  </Text>{' '}
                  {out.map((wine) => wine.wineDisplayName).join(', ')}
                  {moreOut > 0 && ` ${t('cellarReview.home.lowStock.andMore', { count: moreOut })}`}
                </Text>
              </li>
            )}
            {running.map((wine) => (
              <li key={wine.id} className={classes.item}>
                <Text size="sm" fw={600}>
                  {wine.wineDisplayName}
                </Text>
                <Text size="sm" c="dimmed" className={classes.count}>
                  {t('cellarReview.home.bottles', { count: wine.quantity })}
                </Text>
              </li>
            ))}
          </ul>
          {moreRunning > 0 && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('cellarReview.home.lowStock.moreRunningLow', { count: moreRunning })}
            </Text>
          )}
        </>
      )}
    </DashboardPanel>
  );
}
