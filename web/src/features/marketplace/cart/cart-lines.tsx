import {
  CartItemUpdate,
  type CartLine,
  type CartSupplierGroup,
  type CurrencyCode,
  message,
} from '@kork/shared';
import { ActionIcon, Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { numberText, schemaNumber } from '../../../lib/number-text';
import { DutiesNote, offerDutiesFigure } from '../suppliers/duties-note';
import { AvailabilityBadge } from './availability-badge';
import classes from './cart.module.css';
import { formatAmount, weekdaysText } from './cart-format';
import { useDeleteCartItem, useUpdateCartItem } from './cart-queries';

/** One supplier's part of the cart: its terms, its wines with their bottles, and its subtotal. */
export function SupplierGroup({
  group,
  cellarId,
  currency,
}: {
  group: CartSupplierGroup;
  cellarId: string;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { supplier } = group;
  const headingId = `cart-supplier-${supplier.id}`;
  const minimum = formatAmount(supplier.minimumOrder, supplier.currency, locale);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="cart-group"
    >
      <Stack gap={4} mb="xs">
        <Title order={2} size="h4" id={headingId} className={classes.wrap}>
          <Anchor component={Link} to={`/suppliers/${encodeURIComponent(supplier.id)}`} inherit>
            {supplier.name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" className={classes.wrap}>
          {[
            supplier.deliveryDays.length > 0
              ? t('marketCart.group.deliveryDays', {
                  days: weekdaysText(supplier.deliveryDays, (day) => t(`marketCart.weekdays.${day}`)),
                })
              : undefined,
            t('marketCart.group.leadTime', { count: supplier.leadTimeDays }),
            supplier.minimumOrderMinor > 0
              ? t('marketCart.group.minimum', { amount: minimum })
              : t('marketCart.group.noMinimum'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      {group.belowMinimum && (
        <Alert color="orange.9" variant="outline" p="xs" mb="xs" data-testid="below-minimum">
          <Text size="sm">{message(`belowMinimumOrder|amount=${minimum}`, locale)}</Text>
        </Alert>
      )}
      <div className={`${classes.line} ${classes.columnHead}`} aria-hidden="true">
        <Text size="xs" c="dimmed">
          {t('marketCart.line.wine')}
        </Text>
        <Text size="xs" c="dimmed" className={classes.end}>
          {t('marketCart.line.price')}
        </Text>
        <span />
        <Text size="xs" c="dimmed" className={classes.end}>
          {t('marketCart.line.total')}
        </Text>
        <span />
      </div>
      <ul className={classes.lines} aria-label={t('marketCart.group.lines', { name: supplier.name })}>
        {group.lines.map((line) => (
          <LineRow key={line.id} line={line} cellarId={cellarId} currency={currency} />
        ))}
      </ul>
      <Group justify="flex-end" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={700} className={classes.money} data-testid="group-subtotal">
          {t('marketCart.group.subtotal', { amount: formatAmount(group.subtotal, currency, locale) })}
        </Text>
      </Group>
    </Paper>
  );
}

function LineRow({ line, cellarId, currency }: { line: CartLine; cellarId: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const update = useUpdateCartItem(cellarId);
  const remove = useDeleteCartItem(cellarId);
  // What was typed stays as typed: the cart's answer changes the totals, never the field.
  const [text, setText] = useState(() => numberText(line.quantity, locale));
  const [error, setError] = useState<string>();
  const name = line.wine.name;
  const price = line.wine.horecaPrice;

  const commit = () => {
    const quantity = schemaNumber(text, locale);
    const found = schemaErrors(CartItemUpdate, { quantity: quantity ?? undefined });
    if (found.quantity) {
      setError(found.quantity);
      return;
    }
    if (quantity === line.quantity || quantity === null) return;
    setError(undefined);
    update.mutate({ itemId: line.id, quantity }, { onError: (failure) => setError(errorMessage(failure)) });
  };

  return (
    <li className={classes.line} data-testid="cart-line">
      <div className={classes.cell}>
        <Anchor
          component={Link}
          to={`/wines/${encodeURIComponent(line.wineId)}`}
          fw={600}
          className={classes.wrap}
        >
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" className={classes.wrap}>
          {[
            line.wine.producer,
            line.wine.vintage ?? undefined,
            `${numberText(line.wine.bottleSize, locale)} l`,
          ]
            .filter((part) => part !== undefined && part !== '')
            .join(' · ')}
        </Text>
        <Group gap={6} mt={4}>
          <AvailabilityBadge availability={line.wine.availability} />
          {line.exceedsStock && (
            <Text size="xs" c="red.9" data-testid="exceeds-stock">
              {message(`onlyInStock|stock=${line.wine.stock ?? 0}`, locale)}
            </Text>
          )}
        </Group>
      </div>
      <div className={`${classes.cell} ${classes.end}`}>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {t('marketCart.line.price')}
        </Text>
        <Text size="sm" className={classes.money}>
          {price === undefined ? '–' : formatAmount(price, currency, locale)}
        </Text>
        <DutiesNote duties={offerDutiesFigure(line.wine.duties, line.wine.currency, locale)} />
      </div>
      <div className={classes.cell}>
        <NumberField
          label={t('marketCart.line.quantity')}
          aria-label={t('marketCart.line.quantityOf', { name })}
          decimals={0}
          size="sm"
          value={text}
          onChange={(next) => {
            setText(next);
            setError(undefined);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          error={error}
          description={
            line.wine.caseSize > 1 ? t('marketCart.caseSize', { count: line.wine.caseSize }) : undefined
          }
          rightSection={update.isPending ? <span aria-busy="true">…</span> : undefined}
        />
      </div>
      <div className={`${classes.cell} ${classes.end}`}>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {t('marketCart.line.total')}
        </Text>
        <Text size="sm" fw={600} className={classes.money} data-testid="line-total">
          {formatAmount(line.total, currency, locale)}
        </Text>
      </div>
      <div className={classes.cell}>
        <ActionIcon
          variant="subtle"
          color="red.9"
          aria-label={t('marketCart.line.removeOf', { name })}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(line.id, {
              onSuccess: () => notify.success(t('marketCart.line.removed', { name })),
              onError: (failure) => notify.error(errorMessage(failure)),
            })
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </div>
    </li>
  );
}
