import type { Cart } from '@kork/shared';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import classes from '../cart/cart.module.css';
import { checkoutReadiness, formatAmount, supplierProblems } from '../cart/cart-format';
import { SupplierGroup } from '../cart/cart-lines';
import { useCart } from '../cart/cart-queries';
import { MarketGate } from '../cart/market-gate';

/** /cart: the business's cart, one part per supplier, and the way to checkout (SPEC §2, §3, §4). */
export function CartPage() {
  const { t } = useTranslation();
  return (
    <MarketGate title={t('marketCart.title')} path="/cart">
      {(cellarId) => <CartView cellarId={cellarId} />}
    </MarketGate>
  );
}

function CartView({ cellarId }: { cellarId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const cart = useCart(cellarId);
  const data = cart.data;

  return (
    <div className={classes.page}>
      <Title order={1} mb="md">
        {t('marketCart.title')}
      </Title>
      {cart.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={140} />
          <Skeleton height={140} />
        </Stack>
      )}
      {cart.isError && !data && (
        <Alert color="red.9" variant="outline" title={t('marketCart.loadError')}>
          <Button variant="default" size="xs" onClick={() => void cart.refetch()}>
            {t('marketCart.retry')}
          </Button>
        </Alert>
      )}
      {data && data.groups.length === 0 && (
        <Paper withBorder radius="md" p="lg" data-testid="cart-empty">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('marketCart.empty.title')}</Text>
            <Text c="dimmed">{t('marketCart.empty.text')}</Text>
            <Group gap="md">
              <Anchor component={Link} to="/suppliers">
                {t('marketCart.empty.suppliers')}
              </Anchor>
              <Anchor component={Link} to="/feed">
                {t('marketCart.empty.feed')}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      )}
      {data && data.groups.length > 0 && (
        <div className={classes.layout}>
          <Stack gap="md">
            {data.groups.map((group) => (
              <SupplierGroup
                key={group.supplier.id}
                group={group}
                cellarId={cellarId}
                currency={data.currency}
              />
            ))}
          </Stack>
          <Paper withBorder radius="md" p="md" className={classes.summary} component="aside">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('marketCart.summary')}
              </Title>
              <Text size="sm">{t('marketCart.bottles', { count: data.totalCartQuantity })}</Text>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('marketCart.total')}</Text>
                <Text fw={700} className={classes.money} data-testid="cart-total">
                  {formatAmount(data.total, data.currency, locale)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('marketCart.currencyNote', { currency: data.currency })}
              </Text>
              <CheckoutButton cart={data} onGo={() => navigate('/cart/checkout')} />
            </Stack>
          </Paper>
        </div>
      )}
    </div>
  );
}

/**
 * To checkout while at least one supplier can take its order: suppliers with a problem (shown in their
 * part of the cart) are named there again and can stay in the cart.
 */
function CheckoutButton({ cart, onGo }: { cart: Cart; onGo: () => void }) {
  const { t } = useTranslation();
  const { ready, blocked } = checkoutReadiness(cart, supplierProblems(cart, currentLocale()));
  const note =
    blocked === 0
      ? undefined
      : ready === 0
        ? t('marketCart.blocked.all')
        : t('marketCart.blocked.some', { count: blocked });
  return (
    <Stack gap={4}>
      <Button
        radius="xl"
        rightSection={<IconArrowRight size={16} aria-hidden />}
        disabled={ready === 0}
        aria-describedby={note ? 'checkout-blocked' : undefined}
        onClick={onGo}
      >
        {t('marketCart.toCheckout')}
      </Button>
      {note && (
        <Text
          size="sm"
          c={ready === 0 ? 'red.9' : undefined}
          id="checkout-blocked"
          data-testid="checkout-blocked"
        >
          {note}
        </Text>
      )}
    </Stack>
  );
}
