import { type Cellar, type CellarWine, stockCost, surcharge, type WineListCategory } from '@kork/shared';
import { Badge, Button, DataList, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { locationPath, PATH_SEPARATOR } from '../../cellar/locations/location-tree';
import { OutOfStockBadge } from '../../cellar/wines/inventory-cell';
import { WineListMemberships } from '../../wine-lists/public/wine-list-memberships';

/**
 * What the viewer's cellar says about a wine, read-only, one summary per cellar tab of the wine's page:
 * pricing, quantity and locations, wine list. Changes are made in the cellar's own drawer.
 */

interface Row {
  key: string;
  label: string;
  value: ReactNode;
}

function Summary({ rows }: { rows: Row[] }) {
  return (
    <DataList withDivider labelWidth="16rem">
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

function number(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

/** Purchase and selling prices, market value, the glass, and the mark-up and cost the prices give. */
export function PricingSummary({ wine, cellar }: { wine: CellarWine; cellar: Cellar | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const none = t('cellarWines.fields.none');
  const money = (minor: number | undefined) =>
    minor == null ? none : formatMoney(minor, wine.currency, locale);
  // The same math the API uses when it saves.
  const markUp = surcharge(wine.sellingPrice, wine.purchasePriceWvat);
  const cost = stockCost(wine.quantity, wine.purchasePriceWovat);

  let glassSize: string = none;
  if (wine.glassSize != null) {
    glassSize = t('wine.cellar.pricing.glassSizeValue', { size: number(wine.glassSize, locale) });
  } else if (cellar) {
    glassSize = t('wine.cellar.pricing.glassSizeDefault', { size: number(cellar.defaultGlassSize, locale) });
  }

  const rows: Row[] = [
    {
      key: 'purchasePriceWovat',
      label: t('cellarWines.columns.purchasePriceWovat'),
      value: money(wine.purchasePriceWovat),
    },
    {
      key: 'purchasePriceWvat',
      label: t('cellarWines.columns.purchasePriceWvat'),
      value: money(wine.purchasePriceWvat),
    },
    {
      key: 'sellingPrice',
      label: t('wine.cellar.pricing.sellingPrice'),
      value: (
        <Group gap="xs" component="span">
          <span>{money(wine.sellingPrice)}</span>
          {wine.sellingPriceLocked ? (
            <Badge color="cork" variant="light" radius="sm">
              {t('wine.cellar.pricing.locked')}
            </Badge>
          ) : (
            wine.sellingPrice != null && (
              <Text component="span" size="sm" c="dimmed">
                {t('wine.cellar.pricing.unlocked')}
              </Text>
            )
          )}
        </Group>
      ),
    },
    { key: 'marketValue', label: t('cellarWines.columns.marketValue'), value: money(wine.marketValue) },
    {
      key: 'pricePerGlass',
      label: t('wine.cellar.pricing.pricePerGlass'),
      value: money(wine.pricePerGlass),
    },
    { key: 'glassSize', label: t('wine.cellar.pricing.glassSize'), value: glassSize },
    {
      key: 'surcharge',
      label: t('cellarWines.columns.surcharge'),
      value: markUp == null ? none : t('cellarWines.table.percent', { value: number(markUp, locale) }),
    },
    { key: 'cost', label: t('cellarWines.fields.cost'), value: cost == null ? none : money(cost) },
  ];
  return <Summary rows={rows} />;
}

/** How many bottles there are, marked when none, and the way to the list of where they are. */
export function QuantitySummary({
  wine,
  onShowLocations,
}: {
  wine: CellarWine;
  onShowLocations: () => void;
}) {
  const { t } = useTranslation();
  const places = wine.placements.filter((placement) => placement.quantity > 0).length;
  return (
    <Stack gap="md">
      <Summary
        rows={[
          {
            key: 'quantity',
            label: t('wine.cellar.quantity.bottles'),
            value: (
              <Group gap="xs" component="span">
                <span data-testid="cellar-bottles">{wine.quantity}</span>
                {wine.quantity === 0 && <OutOfStockBadge />}
              </Group>
            ),
          },
        ]}
      />
      <Group gap="sm">
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconMapPin size={16} aria-hidden />}
          onClick={onShowLocations}
        >
          {t('wine.cellar.quantity.showLocations')}
        </Button>
        <Text size="sm" c="dimmed">
          {places === 0 ? t('wine.cellar.quantity.nowhere') : t('wine.cellar.quantity.in', { count: places })}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * How the wine shows on the wine list: its category, price format and the names it is listed under, and
 * which of the owner's lists hold it.
 */
export function WineListSummary({
  wine,
  categories,
  userId,
}: {
  wine: CellarWine;
  categories: WineListCategory[] | undefined;
  /** The cellar's owner: with it, the lists that hold the wine show below. */
  userId?: string;
}) {
  const { t } = useTranslation();
  const none = t('cellarWines.fields.none');
  let category: string = t('cellarWines.fields.noCategory');
  if (wine.wineListCategoryId) {
    category = categories
      ? locationPath(categories, wine.wineListCategoryId).join(PATH_SEPARATOR) || none
      : t('wine.cellar.loading');
  }
  const rows: Row[] = [
    { key: 'category', label: t('wine.cellar.wineList.category'), value: category },
    {
      key: 'priceFormat',
      label: t('wine.cellar.wineList.priceFormat'),
      value: t(`cellarWines.priceFormats.${wine.priceFormat}`),
    },
    {
      key: 'customListWineName',
      label: t('wine.cellar.wineList.wineName'),
      value: wine.customListWineName || none,
    },
    {
      key: 'customListProducerName',
      label: t('wine.cellar.wineList.producerName'),
      value: wine.customListProducerName || none,
    },
    {
      key: 'showBottleSizeInList',
      label: t('wine.cellar.wineList.showBottleSize'),
      value: wine.showBottleSizeInList ? t('wine.cellar.yes') : t('wine.cellar.no'),
    },
  ];
  if (!userId) return <Summary rows={rows} />;
  return (
    <Stack gap="lg">
      <Summary rows={rows} />
      <WineListMemberships ownerId={userId} ownWineId={wine.id} />
    </Stack>
  );
}
