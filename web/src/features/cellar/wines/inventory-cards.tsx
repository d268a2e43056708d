import type { CellarLocation, CellarWine, InventoryColumn } from '@kork/shared';
import { isCustomSource } from '@kork/shared';
import { Badge, Checkbox, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import type { ViewMoney } from '../../config/view-money';
import classes from './cellar-wines-page.module.css';
import { OutOfStockBadge, viewMoneyText } from './inventory-cell';
import { MONEY_COLUMNS } from './inventory-columns';
import { bottlesWithOpen, openBottleSuffix } from './open-bottle';

type MoneyColumn = 'purchasePriceWovat' | 'purchasePriceWvat' | 'sellingPrice' | 'marketValue' | 'cost';

interface InventoryCardsProps {
  rows: CellarWine[];
  /** The columns the person chose for the table: the card's price follows them when there is no selling price. */
  columns: InventoryColumn[];
  locations: readonly CellarLocation[];
  selected: ReadonlySet<string>;
  onSelect: (wine: CellarWine, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onOpen: (wine: CellarWine) => void;
  busy: boolean;
  /** Money in the viewer's currency. */
  money?: ViewMoney;
}

/** The price a card shows: the selling price, else the first money column the person chose that has a value. */
export function cardPrice(
  wine: CellarWine,
  columns: readonly InventoryColumn[],
): { column: MoneyColumn; minor: number } | undefined {
  const order = ['sellingPrice', ...columns.filter((column) => MONEY_COLUMNS.has(column))] as MoneyColumn[];
  for (const column of order) {
    const minor = wine[column];
    if (minor != null) return { column, minor };
  }
  return undefined;
}

/**
 * The inventory on a phone: one card per wine with its name (and vintage), bottles, a price, and its
 * style and location underneath. Tapping a card opens the wine as clicking a table row does; the
 * checkbox beside it selects it for a bulk move or delete.
 */
export function InventoryCards(props: InventoryCardsProps) {
  const { rows, columns, locations, selected, onSelect, onSelectAll, onOpen, busy, money } = props;
  const { t } = useTranslation();
  const names = new Map(locations.map((location) => [location.id, location.name]));
  const chosen = rows.filter((row) => selected.has(row.id)).length;
  return (
    <>
      <Checkbox
        className={classes.cardsSelectAll}
        label={t('cellarWines.table.selectAll')}
        checked={rows.length > 0 && chosen === rows.length}
        indeterminate={chosen > 0 && chosen < rows.length}
        onChange={(event) => onSelectAll(event.currentTarget.checked)}
      />
      <ul className={classes.cards} aria-label={t('cellarWines.table.label')} aria-busy={busy}>
        {rows.map((wine) => (
          <InventoryCard
            key={wine.id}
            wine={wine}
            price={cardPrice(wine, columns)}
            where={placesOf(wine, names, t('cellarWines.add.uncategorized'))}
            selected={selected.has(wine.id)}
            onSelect={onSelect}
            onOpen={onOpen}
            money={money}
          />
        ))}
      </ul>
    </>
  );
}

/** Where the bottles are, by location name; the uncategorized ones by that word. */
function placesOf(wine: CellarWine, names: ReadonlyMap<string, string>, uncategorized: string): string {
  const places = wine.placements
    .filter((placement) => placement.quantity > 0)
    .map((placement) => (placement.locationId === null ? uncategorized : names.get(placement.locationId)))
    .filter((name): name is string => Boolean(name));
  return [...new Set(places)].join(', ');
}

function InventoryCard({
  wine,
  price,
  where,
  selected,
  onSelect,
  onOpen,
  money,
}: {
  wine: CellarWine;
  price: ReturnType<typeof cardPrice>;
  where: string;
  selected: boolean;
  onSelect: (wine: CellarWine, selected: boolean) => void;
  onOpen: (wine: CellarWine) => void;
  money: ViewMoney | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const style = t(`wine.categories.${wine.mainCategoryId}`);
  return (
    <li
      className={classes.card}
      data-selected={selected ? true : undefined}
      data-empty={wine.quantity === 0 ? true : undefined}
    >
      <Checkbox
        className={classes.cardCheck}
        aria-label={t('cellarWines.table.select', { name: wine.wineDisplayName })}
        checked={selected}
        onChange={(event) => onSelect(wine, event.currentTarget.checked)}
      />
      {/* The whole card is the button: its text (name, bottles, price, style, place) is its name. */}
      <UnstyledButton className={classes.cardOpen} onClick={() => onOpen(wine)}>
        <span className={classes.cardName}>{wine.wineDisplayName}</span>
        <span className={classes.cardFigures}>
          <Text span size="sm" fw={600} className={classes.money}>
            {t('cellarWines.cards.bottles', {
              count: bottlesWithOpen(wine, locale).full,
              bottles: bottlesWithOpen(wine, locale).fullText,
            })}
            {openBottleSuffix(t, wine, locale)}
          </Text>
          {price && (
            <Text span size="sm" className={classes.money}>
              <VisuallyHidden>{t(`cellarWines.columns.${price.column}`)}: </VisuallyHidden>
              {viewMoneyText(price.minor, wine, money, locale)}
            </Text>
          )}
        </span>
        <Text span size="xs" c="dimmed" className={classes.cardMeta}>
          {[style, where].filter(Boolean).join(' · ')}
        </Text>
        {(wine.quantity === 0 || isCustomSource(wine.source)) && (
          <span className={classes.cardBadges}>
            {wine.quantity === 0 && <OutOfStockBadge />}
            {isCustomSource(wine.source) && (
              <Badge color="wine" variant="outline" radius="sm" className={classes.badge}>
                {t('cellarWines.table.custom')}
              </Badge>
            )}
          </span>
        )}
      </UnstyledButton>
    </li>
  );
}
