import type { CellarWine } from '@kork/shared';
import { Badge, Group, Text } from '@mantine/core';
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

/** Wines with two bottles or fewer, fewest first; an empty wine is marked, as it stays in the cellar. */
export function LowStockList({ wines }: { wines: CellarWine[] }) {
  const { t } = useTranslation();
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
        <ul className={classes.list}>
          {wines.map((wine) => (
            <li key={wine.id} className={classes.item} data-out={wine.quantity === 0 || undefined}>
              <Text size="sm" fw={600}>
                {wine.wineDisplayName}
              </Text>
              <Group gap={6} wrap="nowrap" className={classes.count}>
                {wine.quantity === 0 ? (
                  <Badge color="red" variant="light" radius="sm" tt="none">
                    {t('cellarReview.home.lowStock.out')}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('cellarReview.home.bottles', { count: wine.quantity })}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
