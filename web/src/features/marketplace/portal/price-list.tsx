import {
  type Availability,
  type PriceListBasis,
  PriceListRow,
  type PriceListUpdate,
  type SupplierWine,
  wineDisplayName,
} from '@kork/shared';
import { Alert, Badge, Button, Group, Pagination, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import {
  apiFieldErrors,
  errorMessage,
  type FieldErrors,
  schemaErrors,
  translateMessage,
} from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { minorText, moneyTextError, numberText, schemaMoney, schemaNumber } from '../../../lib/number-text';
import { DutiesNote, offerDutiesFigure } from '../suppliers/duties-note';
import classes from './portal.module.css';
import { PRICE_LIST_PER_PAGE, usePriceList, useUpdatePriceList, WAITING_COLOR } from './portal-queries';
import { dutiesAddedText, PriceBasisChoice } from './price-basis';
import { PriceListUpload } from './price-list-upload';

const SEARCH_MAX = 200;

const AVAILABILITY_COLORS: Record<Availability, string> = {
  inStock: 'teal.9',
  lowStock: WAITING_COLOR,
  outOfStock: 'red.9',
};

/** The texts typed in one row, kept until saved; a wine not in `edits` shows what is stored. */
interface RowEdit {
  price: string;
  stock: string;
}

/**
 * The importer's price list (docs/marketplace.md, Importer accounts): its wines with the price ex VAT and
 * the stock buyers see, edited in place and saved together; a CSV from a spreadsheet changes many at once.
 * Prices are entered with duties or without them, when the server adds each wine's duties.
 */
export function PriceList() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim().slice(0, SEARCH_MAX), 300);
  const [page, setPage] = useState(1);
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    setPage(1);
  }
  const list = usePriceList(search, page);
  const save = useUpdatePriceList();
  const [edits, setEdits] = useState<Record<string, RowEdit & { wine: SupplierWine }>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [prices, setPrices] = useState<PriceListBasis>('withDuties');

  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PRICE_LIST_PER_PAGE));
  const startText = (wine: SupplierWine): RowEdit => ({
    price: minorText(wine.horecaPriceMinor, 'NOK', locale),
    stock: numberText(wine.stock, locale),
  });
  const edit = (wine: SupplierWine, change: Partial<RowEdit>) => {
    setEdits((all) => ({
      ...all,
      [wine.wineId]: { ...(all[wine.wineId] ?? startText(wine)), ...change, wine },
    }));
    setErrors((all) => {
      const { [`${wine.wineId}.price`]: _price, [`${wine.wineId}.stock`]: _stock, ...rest } = all;
      return rest;
    });
  };

  /** The rows whose texts differ from what is stored, as the API takes them; errors per field otherwise. */
  const changedRows = (): { rows: PriceListUpdate['rows']; found: FieldErrors; wineIds: string[] } => {
    const found: FieldErrors = {};
    const changed: PriceListUpdate['rows'] = [];
    const wineIds: string[] = [];
    for (const [wineId, typed] of Object.entries(edits)) {
      const wine = typed.wine;
      const before = startText(wine);
      if (typed.price === before.price && typed.stock === before.stock) continue;
      const price = typed.price === before.price ? undefined : schemaMoney(typed.price, 'NOK', locale);
      const stock = typed.stock === before.stock ? undefined : schemaNumber(typed.stock, locale);
      const row = {
        wineId,
        ...(price !== undefined ? { horecaPriceMinor: price ?? Number.NaN } : {}),
        ...(stock !== undefined ? { stock: stock ?? Number.NaN } : {}),
      };
      const rowErrors = schemaErrors(PriceListRow, row);
      const decimals = moneyTextError(typed.price, 'NOK', locale);
      if (rowErrors.horecaPriceMinor || decimals)
        found[`${wineId}.price`] = decimals ? translateMessage(decimals) : (rowErrors.horecaPriceMinor ?? '');
      if (rowErrors.stock) found[`${wineId}.stock`] = rowErrors.stock;
      if (!rowErrors.horecaPriceMinor && !rowErrors.stock && !decimals) {
        changed.push(PriceListRow.parse(row));
        wineIds.push(wineId);
      }
    }
    return { rows: changed, found, wineIds };
  };

  const pending = Object.keys(edits).length;
  const submit = () => {
    const { rows: changed, found, wineIds } = changedRows();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changed.length === 0) {
      setEdits({});
      return;
    }
    save.mutate(
      { rows: changed, prices },
      {
        onSuccess: ({ updated, duties }) => {
          setEdits((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !wineIds.includes(id))));
          const saved = t('supplierPortal.priceList.saved', { count: updated });
          notify.success(duties ? `${saved}. ${dutiesAddedText(t, duties, locale)}` : saved);
        },
        onError: (failure) => {
          const fields = apiFieldErrors(failure);
          const named: FieldErrors = {};
          for (const [field, message] of Object.entries(fields)) {
            const index = Number(field.split('.')[1]);
            const wineId = changed[index]?.wineId;
            if (wineId) named[`${wineId}.${field.endsWith('stock') ? 'stock' : 'price'}`] = message;
          }
          setErrors(named);
          if (Object.keys(named).length === 0) notify.error(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <PriceBasisChoice value={prices} onChange={setPrices} />
      <PriceListUpload prices={prices} />
      <TextInput
        type="search"
        label={t('supplierPortal.priceList.search')}
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {list.isError && !list.data && (
        <Alert color="red.9" variant="outline" title={t('supplierPortal.error')}>
          <Group justify="space-between">
            <Text size="sm">{errorMessage(list.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()}>
              {t('supplierPortal.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!list.data && !list.isError && <Skeleton height={320} aria-busy="true" />}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('supplierPortal.priceList.none')}</Text>}
      {rows.length > 0 && (
        <ul
          className={classes.priceRows}
          aria-busy={list.isFetching}
          aria-label={t('supplierPortal.priceList.rows')}
        >
          {rows.map((wine) => {
            const typed = edits[wine.wineId] ?? startText(wine);
            const name = wineDisplayName({
              wineName: wine.name,
              producerName: wine.producer,
              vintage: wine.vintage,
            });
            return (
              <li key={wine.wineId} className={classes.priceRow} data-testid="price-row">
                <div className={classes.wine}>
                  <Text fw={600} className={classes.wineName}>
                    {name}
                  </Text>
                  <Group gap="xs">
                    {wine.vinmonopoletNumber && (
                      <Text size="sm" c="dimmed">
                        {t('supplierPortal.priceList.number', { number: wine.vinmonopoletNumber })}
                      </Text>
                    )}
                    <Badge
                      variant="outline"
                      radius="sm"
                      tt="none"
                      miw="max-content"
                      color={AVAILABILITY_COLORS[wine.availability]}
                    >
                      {t(`marketCart.availability.${wine.availability}`)}
                    </Badge>
                  </Group>
                  <DutiesNote duties={offerDutiesFigure(wine.duties, wine.currency, locale)} />
                </div>
                <NumberField
                  label={t('supplierPortal.priceList.price')}
                  aria-label={t('supplierPortal.priceList.priceOf', { name })}
                  decimals={2}
                  suffix="NOK"
                  size="sm"
                  value={typed.price}
                  error={errors[`${wine.wineId}.price`]}
                  onChange={(next) => edit(wine, { price: next })}
                />
                <NumberField
                  label={t('supplierPortal.priceList.stock')}
                  aria-label={t('supplierPortal.priceList.stockOf', { name })}
                  decimals={0}
                  size="sm"
                  value={typed.stock}
                  error={errors[`${wine.wineId}.stock`]}
                  onChange={(next) => edit(wine, { stock: next })}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        {pages > 1 ? (
          <nav aria-label={t('supplierPortal.priceList.pages')}>
            <Pagination
              getControlProps={(control) => ({ 'aria-label': t(`supplierPortal.pagination.${control}`) })}
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={1}
              boundaries={1}
            />
          </nav>
        ) : (
          <span />
        )}
        <Group gap="xs">
          {pending > 0 && (
            <Button
              variant="default"
              onClick={() => {
                setEdits({});
                setErrors({});
              }}
              disabled={save.isPending}
            >
              {t('supplierPortal.priceList.undo')}
            </Button>
          )}
          <Button onClick={submit} loading={save.isPending} disabled={pending === 0}>
            {t('supplierPortal.priceList.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
