import { type Cart, MARKETPLACE_LIMITS } from '@kork/shared';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage } from '../../../lib/form-schema';
import { useSession } from '../../../lib/session';
import classes from '../cart/cart.module.css';
import {
  checkoutReadiness,
  formatAmount,
  type SupplierProblems,
  supplierProblems,
  weekdaysText,
} from '../cart/cart-format';
import { useCart, useCheckoutDetails, usePlaceCheckout } from '../cart/cart-queries';
import { BillingFields, DeliveryFields } from '../cart/checkout-fields';
import { type CheckoutValues, checkoutErrors, checkoutValues, parsedCheckout } from '../cart/checkout-form';
import { MarketGate } from '../cart/market-gate';

/** /cart/checkout: billing, delivery and the order summary; "Place order" orders once per supplier. */
export function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <MarketGate title={t('marketCart.checkout.title')} path="/cart/checkout">
      {(cellarId) => <Checkout cellarId={cellarId} />}
    </MarketGate>
  );
}

function Checkout({ cellarId }: { cellarId: string }) {
  const { t } = useTranslation();
  const cart = useCart(cellarId);
  const details = useCheckoutDetails(cellarId);
  if (cart.isPending || details.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="40%" />
        <Skeleton height={240} />
      </Stack>
    );
  if (cart.isError || !cart.data)
    return (
      <Alert color="red.9" variant="outline" title={t('marketCart.loadError')}>
        <Button variant="default" size="xs" onClick={() => void cart.refetch()}>
          {t('marketCart.retry')}
        </Button>
      </Alert>
    );
  if (cart.data.groups.length === 0)
    return (
      <Stack gap="sm">
        <Title order={1}>{t('marketCart.checkout.title')}</Title>
        <Text>{t('marketCart.empty.title')}</Text>
        <Anchor component={Link} to="/suppliers">
          {t('marketCart.empty.suppliers')}
        </Anchor>
      </Stack>
    );
  return <CheckoutForm cellarId={cellarId} cart={cart.data} start={details.data} />;
}

function CheckoutForm({
  cellarId,
  cart,
  start,
}: {
  cellarId: string;
  cart: Cart;
  start: Parameters<typeof checkoutValues>[0];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const place = usePlaceCheckout(cellarId);
  // One key for this checkout, made when the page opens: a double click or a retry places one order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const sending = useRef(false);
  const [failure, setFailure] = useState<string>();
  // What a refused checkout named under each supplier (it may know more than the cart read before).
  const [named, setNamed] = useState<Record<string, string>>({});
  const form = useForm<CheckoutValues>({
    initialValues: checkoutValues(start, session.status === 'authenticated' ? session.user : undefined),
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: checkoutErrors,
  });
  const problems = supplierProblems(cart, currentLocale(), named);
  const { ready, blocked } = checkoutReadiness(cart, problems);

  const submit = form.onSubmit(async (values) => {
    const parsed = parsedCheckout(values, cart.version);
    if (!parsed || sending.current || ready === 0) return;
    // Suppliers with a problem stay in the cart: only the buyer's click on "Place the N orders that
    // can go" places the others.
    const input = blocked > 0 ? { ...parsed, placeReady: true } : parsed;
    sending.current = true;
    setFailure(undefined);
    try {
      const result = await place.mutateAsync({ input, key: idempotencyKey });
      navigate(`/cart/confirmation/${encodeURIComponent(result.checkoutId)}`);
    } catch (error) {
      const fields = apiFieldErrors(error);
      const bySupplier = Object.fromEntries(
        Object.entries(fields).filter(([field]) => field.startsWith('suppliers.')),
      );
      setNamed(bySupplier);
      form.setErrors(
        Object.fromEntries(Object.entries(fields).filter(([field]) => !field.startsWith('suppliers.'))),
      );
      setFailure(errorMessage(error));
    } finally {
      sending.current = false;
    }
  });

  return (
    <div className={classes.page}>
      <Title order={1} mb="md">
        {t('marketCart.checkout.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <div className={classes.layout}>
          <Stack gap="md">
            <BillingFields form={form} />
            <DeliveryFields form={form} />
            <Textarea
              label={t('marketCart.checkout.note')}
              description={t('marketCart.checkout.noteHint')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={MARKETPLACE_LIMITS.noteMax}
              key={form.key('note')}
              {...form.getInputProps('note')}
            />
          </Stack>
          <Paper withBorder radius="md" p="md" className={classes.summary} component="aside">
            <OrderSummary cart={cart} problems={problems} />
            {failure && (
              <Alert color="red.9" variant="outline" mt="sm" role="alert" data-testid="checkout-failure">
                <Text size="sm">{failure}</Text>
              </Alert>
            )}
            {blocked > 0 && (
              <Text size="sm" c={ready === 0 ? 'red.9' : undefined} mt="sm" data-testid="checkout-blocked">
                {ready === 0
                  ? t('marketCart.blocked.all')
                  : t('marketCart.checkout.keptInCart', { count: blocked })}{' '}
                <Anchor component={Link} to="/cart" inherit underline="always">
                  {t('marketCart.checkout.backToCart')}
                </Anchor>
              </Text>
            )}
            <Button
              type="submit"
              radius="xl"
              fullWidth
              mt="md"
              loading={place.isPending}
              disabled={ready === 0 || place.isPending}
            >
              {blocked > 0 && ready > 0
                ? t('marketCart.checkout.placeReady', { count: ready })
                : t('marketCart.checkout.place')}
            </Button>
            <Text size="xs" c="dimmed" mt="xs">
              {t('marketCart.checkout.placeHint')}
            </Text>
          </Paper>
        </div>
      </form>
    </div>
  );
}

/** A supplier's problems under its name: why its order cannot go now (it stays in the cart). */
function SupplierProblemList({ found }: { found: SupplierProblems | undefined }) {
  const { t } = useTranslation();
  if (!found) return null;
  return (
    <Alert
      color="red.9"
      variant="outline"
      p="xs"
      data-testid="supplier-problems"
      aria-label={t('marketCart.checkout.problemsOf', { name: found.supplierName })}
    >
      <Text size="sm" fw={600}>
        {t('marketCart.checkout.cannotGo')}
      </Text>
      <ul className={classes.problems}>
        {found.problems.map((problem) => (
          <li key={problem}>
            <Text size="sm" className={classes.wrap}>
              {problem}
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function OrderSummary({ cart, problems }: { cart: Cart; problems: ReadonlyMap<string, SupplierProblems> }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack gap="sm" data-testid="order-summary">
      <Title order={2} size="h4">
        {t('marketCart.checkout.summary')}
      </Title>
      {cart.groups.map((group) => (
        <Stack key={group.supplier.id} gap={2} data-testid="summary-supplier">
          <Text fw={600} className={classes.wrap}>
            {group.supplier.name}
          </Text>
          <SupplierProblemList found={problems.get(group.supplier.id)} />
          {group.lines.map((line) => (
            <Group key={line.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" className={classes.wrap}>
                {t('marketCart.checkout.lineQuantity', { count: line.quantity, name: line.wine.name })}
              </Text>
              <Text size="sm" className={classes.money}>
                {formatAmount(line.total, cart.currency, locale)}
              </Text>
            </Group>
          ))}
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t('marketCart.checkout.subtotal')}
            </Text>
            <Text size="sm" fw={600} className={classes.money}>
              {formatAmount(group.subtotal, cart.currency, locale)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {t('marketCart.checkout.expectedDelivery', { count: group.supplier.leadTimeDays })}
            {group.supplier.deliveryDays.length > 0 &&
              ` (${weekdaysText(group.supplier.deliveryDays, (day) => t(`marketCart.weekdays.${day}`))})`}
          </Text>
        </Stack>
      ))}
      <Group
        justify="space-between"
        wrap="nowrap"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={700}>{t('marketCart.total')}</Text>
        <Text fw={700} className={classes.money}>
          {formatAmount(cart.total, cart.currency, locale)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('marketCart.currencyNote', { currency: cart.currency })}
      </Text>
    </Stack>
  );
}
