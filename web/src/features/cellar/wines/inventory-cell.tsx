import type { CellarWine, InventoryColumn } from '@kork/shared';
import { isCustomSource } from '@kork/shared';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDecimal, formatPercent } from '../../../lib/format-number';
import { formatMoney } from '../../../lib/money';
import { useVocabulary } from '../../../lib/wine-text';
import type { ViewMoney } from '../../config/view-money';
import classes from './cellar-wines-page.module.css';
import { bottlesWithOpen, openBottleSuffix } from './open-bottle';

/** "2024–2030", "From 2024" or "Until 2030"; nothing when neither end is set. */
export function drinkingWindowText(
  t: TFunction,
  from?: number | null,
  to?: number | null,
): string | undefined {
  if (from != null && to != null) return t('cellarWines.table.window', { from, to });
  if (from != null) return t('cellarWines.table.windowFrom', { from });
  if (to != null) return t('cellarWines.table.windowTo', { to });
  return undefined;
}

/** The owner's own window wins over the catalogue's suggestion. */
function windowOf(t: TFunction, wine: CellarWine): string | undefined {
  const own = drinkingWindowText(t, wine.drinkingWindowFrom, wine.drinkingWindowTo);
  return own ?? drinkingWindowText(t, wine.suggestedDrinkingWindowFrom, wine.suggestedDrinkingWindowTo);
}

/**
 * The value of one inventory column for one wine, as text (empty when the wine has none). Money shows in
 * the viewer's currency when `view` converts from the wine's (the cellar's) own.
 */
export function cellText(t: TFunction, column: InventoryColumn, wine: CellarWine, view?: ViewMoney): string {
  const locale = currentLocale();
  const money = (minor?: number) => (minor == null ? '' : viewMoneyText(minor, wine, view, locale));
  switch (column) {
    case 'wineDisplayName':
      return wine.wineDisplayName;
    case 'quantity':
      return `${bottlesWithOpen(wine, locale).fullText}${openBottleSuffix(t, wine, locale)}`;
    case 'purchaseNote':
      return wine.purchaseNote ?? '';
    case 'purchasePriceWovat':
    case 'purchasePriceWvat':
    case 'sellingPrice':
    case 'marketValue':
    case 'cost':
      return money(wine[column]);
    case 'surcharge':
      return wine.surcharge == null ? '' : formatPercent(wine.surcharge, locale);
    case 'drinkingWindow':
      return windowOf(t, wine) ?? '';
    case 'newCategorisation':
      return wine.newCategorisation ?? '';
    case 'grapes':
      return wine.grapes
        .map((grape) =>
          grape.share == null ? grape.name : `${grape.name} ${formatPercent(grape.share, locale)}`,
        )
        .join(', ');
    case 'rating':
      return wine.rating == null ? '' : formatDecimal(wine.rating, locale, 1);
  }
}

/** A wine's amount (minor units of its currency) as the viewer reads it: converted when `view` converts from it. */
export function viewMoneyText(
  minor: number,
  wine: Pick<CellarWine, 'currency'>,
  view: ViewMoney | undefined,
  locale: string | undefined,
): string {
  if (view?.converted && view.base === wine.currency) {
    return formatMoney(view.toView(minor), view.currency, locale);
  }
  return formatMoney(minor, wine.currency, locale);
}

/** The badge that keeps an empty wine visible but plainly marked: it is left out of wine lists. */
export function OutOfStockBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="light" radius="sm" className={classes.badge}>
      {t('cellarWines.table.outOfStock')}
    </Badge>
  );
}

/**
 * The wine column: the name as a button (so keyboard users can open the wine, not only mouse users who
 * click the row), the style and origin under it, and the badges.
 */
export function WineNameCell({ wine, onOpen }: { wine: CellarWine; onOpen: () => void }) {
  const { t } = useTranslation();
  const label = useVocabulary();
  const origin = [
    t(`wine.categories.${wine.mainCategoryId}`),
    label('country', wine.country),
    label('region', wine.region),
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <UnstyledButton
        className={classes.wineName}
        aria-label={t('cellarWines.table.open', { name: wine.wineDisplayName })}
        onClick={(event) => {
          // The row opens the wine too; one open is enough.
          event.stopPropagation();
          onOpen();
        }}
      >
        {wine.wineDisplayName}
      </UnstyledButton>
      <Text size="xs" c="dimmed">
        {origin.join(' · ')}
      </Text>
      {(wine.quantity === 0 || isCustomSource(wine.source)) && (
        <Group gap={4}>
          {wine.quantity === 0 && <OutOfStockBadge />}
          {isCustomSource(wine.source) && (
            <Badge color="wine" variant="outline" radius="sm" className={classes.badge}>
              {t('cellarWines.table.custom')}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}
