import {
  PAR_LEVEL_MAX,
  parLevelField,
  type ReorderCartAnswer,
  type ReorderCartInput,
  type ReorderRow,
} from '@kork/shared';
import { Alert, Anchor, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage, translateMessage } from '../../lib/form-schema';
import { formatCount } from '../../lib/format-number';
import { numberText, schemaNumber } from '../../lib/number-text';
import { useCellarId } from '../marketplace/cart/cart-queries';
import classes from './reorder.module.css';
import { reorderQuery, useReorderToCart } from './reorder-queries';

interface ReorderDrawerProps {
  userId: string;
  opened: boolean;
  onClose: () => void;
}

/** A supplier's wines, or (no supplier) the draft purchase order's. */
interface SupplierGroup {
  key: string;
  supplierName?: string;
  rows: ReorderRow[];
}

function groupsOf(rows: readonly ReorderRow[]): SupplierGroup[] {
  const groups = new Map<string, SupplierGroup>();
  for (const row of rows) {
    const key = row.supplierId ?? '';
    const group = groups.get(key) ?? { key, supplierName: row.supplierName, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  // Suppliers by name, the draft order last.
  return [...groups.values()].sort((a, b) =>
    a.key === '' ? 1 : b.key === '' ? -1 : (a.supplierName ?? '').localeCompare(b.supplierName ?? ''),
  );
}

/**
 * The Reorder view: the suggested bottles of every wine due, grouped by supplier, each editable (what is
 * typed is what is ordered; 0 leaves the wine out), and one action that puts them in the marketplace cart
 * — or, for wines no supplier offers, in a draft purchase order. The checkout stays the cart's.
 */
export function ReorderDrawer({ userId, opened, onClose }: ReorderDrawerProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const due = useQuery(reorderQuery(userId));
  const cellarId = useCellarId(userId).data ?? undefined;
  const reorder = useReorderToCart(userId, cellarId);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [done, setDone] = useState<ReorderCartAnswer>();
  const [problem, setProblem] = useState<string>();
  /** One key per body sent: the same lines sent again (a double tap, a retry) fill the cart once. */
  const attempt = useRef<{ body: string; key: string }>(undefined);
  const rows = due.data?.rows ?? [];
  const groups = useMemo(() => groupsOf(rows), [rows]);

  const textOf = (row: ReorderRow) => typed[row.ownWineId] ?? numberText(row.quantity, locale);
  const errors: Record<string, string> = {};
  const lines: ReorderCartInput['lines'] = [];
  for (const row of rows) {
    const parsed = parLevelField.safeParse(schemaNumber(textOf(row), locale) ?? 0);
    if (!parsed.success) {
      errors[row.ownWineId] = translateMessage(parsed.error.issues[0]?.message ?? 'invalidValue');
      continue;
    }
    if (parsed.data > 0)
      lines.push({
        ownWineId: row.ownWineId,
        quantity: parsed.data,
        ...(row.supplierId ? { supplierId: row.supplierId } : {}),
      });
  }
  const hasErrors = Object.keys(errors).length > 0;

  const submit = async () => {
    setProblem(undefined);
    if (hasErrors) return setProblem(t('reorder.drawer.fixErrors'));
    if (lines.length === 0) return setProblem(t('reorder.drawer.nothing'));
    const body = JSON.stringify(lines);
    if (attempt.current?.body !== body) attempt.current = { body, key: `reorder-${crypto.randomUUID()}` };
    try {
      setDone(await reorder.mutateAsync({ input: { lines }, key: attempt.current.key }));
    } catch (error) {
      setProblem(`${t('reorder.drawer.failed')} ${errorMessage(error)}`);
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100%, 40rem)"
      title={t('reorder.drawer.title')}
      closeButtonProps={{ 'aria-label': t('reorder.drawer.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('reorder.drawer.intro')}</Text>
        {done && (
          <Alert color="green" role="status">
            <Stack gap={4}>
              <Text size="sm">{t('reorder.drawer.added', { count: done.totalCartQuantity })}</Text>
              {done.draftOrder && (
                <Text size="sm">{t('reorder.drawer.draft', { count: done.draftOrder.lines.length })}</Text>
              )}
              <Group gap="md">
                {done.cartLines.length > 0 && (
                  <Anchor component={Link} to="/cart" size="sm">
                    {t('reorder.drawer.openCart')}
                  </Anchor>
                )}
                {done.draftOrder && (
                  <Anchor component={Link} to="/wine-cellar/orders" size="sm">
                    {t('reorder.drawer.openOrders')}
                  </Anchor>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        {due.isError && (
          <Text size="sm" role="alert">
            {t('reorder.lowStock.loadError')}
          </Text>
        )}
        {due.data && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('reorder.drawer.empty')}
          </Text>
        )}
        {groups.map((group) => (
          <section
            key={group.key}
            className={classes.group}
            aria-labelledby={`reorder-${group.key || 'draft'}`}
          >
            <Title order={3} size="h5" id={`reorder-${group.key || 'draft'}`}>
              {group.supplierName ?? t('reorder.drawer.noSupplier')}
            </Title>
            {group.rows.map((row) => (
              <div key={row.ownWineId} className={classes.line}>
                <div className={classes.figures}>
                  <Text size="sm" fw={600}>
                    {row.wineDisplayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('reorder.drawer.figures', {
                      inStock: formatCount(row.reason.inStock, locale),
                      reorderPoint: formatCount(row.reason.reorderPoint, locale),
                      parLevel: formatCount(row.reason.parLevel, locale),
                      caseSize: formatCount(row.reason.caseSize, locale),
                    })}{' '}
                    ({row.suggested ? t('reorder.drawer.suggested') : t('reorder.drawer.set')})
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('reorder.drawer.pace', {
                      dailyUse: numberText(row.reason.dailyUse, locale),
                      salesDays: t('reorder.dayCount', { count: row.reason.salesDays }),
                      leadTime: t('reorder.dayCount', { count: row.reason.leadTimeDays }),
                      leadTimeFrom: t(`reorder.drawer.leadTimeFrom.${row.reason.leadTimeFrom}`),
                    })}
                  </Text>
                </div>
                <NumberField
                  label={t('reorder.drawer.quantityLabel')}
                  aria-label={t('reorder.drawer.quantity', { name: row.wineDisplayName })}
                  decimals={0}
                  min={0}
                  max={PAR_LEVEL_MAX}
                  description=""
                  value={textOf(row)}
                  onChange={(text) => {
                    setDone(undefined);
                    setTyped((current) => ({ ...current, [row.ownWineId]: text }));
                  }}
                  error={errors[row.ownWineId]}
                />
              </div>
            ))}
          </section>
        ))}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        {rows.length > 0 && (
          <Group justify="flex-end">
            <Button radius="xl" onClick={() => void submit()} loading={reorder.isPending}>
              {t('reorder.drawer.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
