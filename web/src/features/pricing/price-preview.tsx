import {
  type CurrencyCode,
  MONEY_MAX_MINOR,
  type PriceBasis,
  type PriceDutiesDate,
  type PricePreview,
  type PricePreviewRow,
  type PricePreviewSkipped,
  type PriceRuleSet,
  type PriceSkipReason,
} from '@kork/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT_COLOR } from '../../lib/warning-color';
import { PriceImpactSummary } from './price-impact';
import { Change, useFormats } from './price-preview-parts';
import classes from './pricing.module.css';

/** Rows per page: a preview of a whole cellar (thousands of wines) stays quick to draw. */
export const PREVIEW_PAGE_SIZE = 50;

export { Change, useFormats };

interface PricePreviewViewProps {
  set: PriceRuleSet;
  preview: PricePreview;
  /** The preview is being fetched again (after an apply refused because prices moved). */
  refreshing: boolean;
  onApply: () => void;
  onClose: () => void;
}

/**
 * Every wine the set would reprice, old → new, with totals and the wines it leaves as they are: a locked
 * price, or a new price above the largest sum of money.
 */
export function PricePreviewView({ set, preview, refreshing, onApply, onClose }: PricePreviewViewProps) {
  const { t } = useTranslation();
  const format = useFormats(preview.currency);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = preview.rows.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);

  return (
    <section className={classes.panel} aria-labelledby="price-preview-title" aria-busy={refreshing}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div className={classes.grow}>
          <Title order={2} id="price-preview-title" className={classes.sectionTitle}>
            {t('pricingPage.preview.title', { name: set.name })}
          </Title>
          <Text size="sm" c="dimmed" data-testid="preview-count">
            {t('pricingPage.preview.count', { count: preview.count })}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" radius="xl" onClick={onClose}>
            {t('pricingPage.preview.close')}
          </Button>
          <Button radius="xl" color="red.9" disabled={preview.count === 0 || refreshing} onClick={onApply}>
            {t('pricingPage.preview.apply')}
          </Button>
        </Group>
      </Group>

      <div className={classes.impact}>
        <PriceImpactSummary impact={preview.impact} currency={preview.currency} />
      </div>

      {preview.duties && <DutiesAsOf duties={preview.duties} />}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mb="md" component="dl" className={classes.totals}>
        <div>
          <Text component="dt" size="xs" c="dimmed">
            {t('pricingPage.preview.stockValue')}
          </Text>
          <Text component="dd" fw={700}>
            <Change
              before={format.money(preview.totals.oldStockValue)}
              after={format.money(preview.totals.newStockValue)}
            />
          </Text>
        </div>
        <div>
          <Text component="dt" size="xs" c="dimmed">
            {t('pricingPage.preview.averageMargin')}
          </Text>
          <Text component="dd" fw={700}>
            <Change
              before={format.percent(preview.totals.oldAverageMargin)}
              after={format.percent(preview.totals.newAverageMargin)}
            />
          </Text>
        </div>
      </SimpleGrid>

      {preview.rows.length === 0 ? (
        <Text className={classes.empty}>{t('pricingPage.preview.empty')}</Text>
      ) : (
        <>
          <PreviewTable rows={rows} currency={preview.currency} basis={set.basis} />
          <ul className={classes.cards} aria-label={t('pricingPage.preview.listLabel')}>
            {rows.map((row) => (
              <li key={row.ownWineId} className={classes.card}>
                <PreviewCard row={row} currency={preview.currency} basis={set.basis} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`pricingPage.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('pricingPage.pagination.page', { page: item }) })}
              />
            </Group>
          )}
        </>
      )}

      {PRICE_SKIP_REASONS.map((reason) => (
        <SkippedWines
          key={reason}
          reason={reason}
          wines={preview.skipped.filter((wine) => wine.reason === reason)}
          currency={preview.currency}
        />
      ))}
    </section>
  );
}

interface RowProps {
  currency: CurrencyCode;
  basis: PriceBasis;
}

function PreviewTable({ rows, currency, basis }: RowProps & { rows: PricePreviewRow[] }) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  return (
    <div className={classes.table}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Caption>{t('pricingPage.preview.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pricingPage.columns.wine')}</Table.Th>
            <Table.Th ta="right">{t('pricingPage.columns.bottles')}</Table.Th>
            <Table.Th ta="right">{basisLabel(t, basis)}</Table.Th>
            <Table.Th ta="right">{t('pricingPage.columns.bottlePrice')}</Table.Th>
            <Table.Th ta="right">{t('pricingPage.columns.glassPrice')}</Table.Th>
            <Table.Th ta="right">{t('pricingPage.columns.margin')}</Table.Th>
            <Table.Th ta="right">{t('pricingPage.columns.markup')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.ownWineId} data-testid="preview-row">
              <Table.Td className={classes.wineName}>{row.wineDisplayName}</Table.Td>
              <Table.Td ta="right">{format.count(row.quantity)}</Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {format.money(row.basisPrice)}
                <CostLine row={row} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Change
                  before={format.money(row.oldSellingPrice)}
                  after={format.money(row.newSellingPrice)}
                />
              </Table.Td>
              <Table.Td ta="right">
                <Change before={format.money(row.oldGlassPrice)} after={format.money(row.newGlassPrice)} />
              </Table.Td>
              <Table.Td ta="right">
                <Change before={format.percent(row.oldMargin)} after={format.percent(row.newMargin)} />
              </Table.Td>
              <Table.Td ta="right">
                <Change before={format.percent(row.oldMarkup)} after={format.percent(row.newMarkup)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function PreviewCard({ row, currency, basis }: RowProps & { row: PricePreviewRow }) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  const line = (label: string, value: ReactNode) => (
    <div className={classes.cardLine}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm">
        {value}
      </Text>
    </div>
  );
  return (
    <>
      <Text fw={600} size="sm" className={classes.wrap}>
        {row.wineDisplayName}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('pricingPage.bottles', { count: row.quantity })} · {basisLabel(t, basis)}{' '}
        {format.money(row.basisPrice)}
      </Text>
      <CostLine row={row} currency={currency} />
      <dl className={classes.cardLines}>
        {line(
          t('pricingPage.columns.bottlePrice'),
          <Change before={format.money(row.oldSellingPrice)} after={format.money(row.newSellingPrice)} />,
        )}
        {line(
          t('pricingPage.columns.glassPrice'),
          <Change before={format.money(row.oldGlassPrice)} after={format.money(row.newGlassPrice)} />,
        )}
        {line(
          t('pricingPage.columns.margin'),
          <Change before={format.percent(row.oldMargin)} after={format.percent(row.newMargin)} />,
        )}
        {line(
          t('pricingPage.columns.markup'),
          <Change before={format.percent(row.oldMarkup)} after={format.percent(row.newMarkup)} />,
        )}
      </dl>
    </>
  );
}

interface ApplyModalProps {
  opened: boolean;
  count: number;
  /** What the apply does to the selling prices, shown before it is confirmed. */
  impact: PricePreview['impact'] | undefined;
  currency: CurrencyCode;
  name: string;
  applying: boolean;
  refusal: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** Applying cannot be undone: the dialog says so plainly, with the number of wines it overrides. */
export function ApplyModal({
  opened,
  count,
  impact,
  currency,
  name,
  applying,
  refusal,
  onConfirm,
  onClose,
}: ApplyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={applying ? () => undefined : onClose}
      title={t('pricingPage.apply.title')}
      closeButtonProps={{ 'aria-label': t('pricingPage.close') }}
      withCloseButton={!applying}
    >
      <Stack gap="sm">
        <Text>{t('pricingPage.apply.text', { count, name })}</Text>
        {impact && <PriceImpactSummary impact={impact} currency={currency} largest={false} />}
        <Text fw={600}>{t('pricingPage.apply.undo')}</Text>
        {applying && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">{t('pricingPage.apply.progress', { count })}</Text>
            <Progress value={100} animated striped aria-label={t('pricingPage.apply.progress', { count })} />
          </Stack>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={onClose} disabled={applying}>
            {t('pricingPage.cancel')}
          </Button>
          <Button radius="xl" color="red.9" loading={applying} onClick={onConfirm}>
            {t('pricingPage.apply.confirm', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The basis column's name: the net price with the net basis, else the purchase price. */
function basisLabel(t: TFunction, basis: PriceBasis): string {
  return basis === 'exVatNet' ? t('pricingPage.columns.basisNet') : t('pricingPage.columns.basis');
}

/**
 * Under the basis price, what the bottle costs with duties: "Net 100 + duties 59.67 = 159.67" with the
 * net basis, "Cost with duties 159.67" where the basis is another price (inc VAT).
 */
function CostLine({ row, currency }: { row: PricePreviewRow; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  if (row.costWithDuties === null) return null;
  const cost = format.money(row.costWithDuties);
  let text: string | undefined;
  if (row.duties !== undefined)
    text = t('pricingPage.preview.netPlusDuties', {
      net: format.money(row.basisPrice),
      duties: format.money(row.duties),
      cost,
    });
  else if (row.costWithDuties !== row.basisPrice)
    text = t('pricingPage.preview.costWithDuties', { amount: cost });
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.wrap} data-testid="cost-line">
      {text}
    </Text>
  );
}

/** Which rates a net-basis preview's duties are from; plainly when that year's are not loaded yet. */
function DutiesAsOf({ duties }: { duties: PriceDutiesDate }) {
  const { t } = useTranslation();
  if (!duties.ratesAsOf) return null;
  const from = duties.ratesAsOf.slice(0, 4);
  return (
    <Text size="sm" c={duties.stale ? WARNING_TEXT_COLOR : 'dimmed'} mb="sm" data-testid="duties-as-of">
      {duties.stale
        ? t('pricingPage.preview.dutiesStale', { year: duties.date.slice(0, 4), from })
        : t('pricingPage.preview.dutiesAsOf', { date: duties.ratesAsOf })}
    </Text>
  );
}

/** Why wines a range would price are left as they are, in the order the preview lists them. */
const PRICE_SKIP_REASONS: readonly PriceSkipReason[] = ['locked', 'tooHigh', 'dutiesMissing'];

/** The wines left as they are for one reason: a locked price, or a new price above the largest sum. */
function SkippedWines({
  reason,
  wines,
  currency,
}: {
  reason: PriceSkipReason;
  wines: PricePreviewSkipped[];
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  if (wines.length === 0) return null;
  const summary =
    reason === 'locked'
      ? t('pricingPage.preview.skipped', { count: wines.length })
      : reason === 'dutiesMissing'
        ? t('pricingPage.preview.dutiesMissing', { count: wines.length })
        : t('pricingPage.preview.tooHigh', { count: wines.length, max: format.money(MONEY_MAX_MINOR) });
  return (
    <details className={classes.skipped}>
      <summary>{summary}</summary>
      <ul className={classes.plainList}>
        {wines.slice(0, 200).map((wine) => (
          <li key={wine.ownWineId}>
            <Text size="sm" span className={classes.wrap}>
              {wine.wineDisplayName}
            </Text>{' '}
            <Text size="sm" span c="dimmed" className={classes.money}>
              {format.money(wine.sellingPrice)}
            </Text>
            {wine.missing && (
              <Text size="xs" span c="dimmed">
                {' '}
                ({t(`pricingPage.preview.missingReason.${wine.missing}`)})
              </Text>
            )}
          </li>
        ))}
      </ul>
      {wines.length > 200 && (
        <Text size="xs" c="dimmed">
          {t('pricingPage.preview.skippedMore', { count: wines.length - 200 })}
        </Text>
      )}
    </details>
  );
}
