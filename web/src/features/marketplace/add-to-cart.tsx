import { CartItemUpdate, message, type SupplierWine, withBounds } from '@kork/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage, schemaErrors, translateMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { schemaNumber } from '../../lib/number-text';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { AvailabilityBadge } from './cart/availability-badge';
import { useAddCartItem, useCellarId } from './cart/cart-queries';

/**
 * Adds a supplier's wine to the business's cart: a quantity by bottle or by case, then "Add to cart".
 * Visitors and private accounts see "For professional accounts" instead.
 */
export function AddToCartButton(props: {
  offer: SupplierWine;
  compact?: boolean;
  /** Off where the offer's availability already shows beside the button. */
  withAvailability?: boolean;
}) {
  return (
    <QueryProvider>
      <AddToCart {...props} />
    </QueryProvider>
  );
}

function AddToCart({
  offer,
  compact,
  withAvailability = true,
}: {
  offer: SupplierWine;
  compact?: boolean;
  withAvailability?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const business = session.status === 'authenticated' && session.user.isBusiness;
  if (session.status === 'loading') return null;
  if (!business)
    return (
      <Stack gap={4} align="flex-start" data-testid="add-to-cart-professional">
        <Text size="sm" fw={600}>
          {t('marketCart.professionalOnly')}
        </Text>
        <Text size="xs" c="dimmed">
          {message('professionalAccountsOnly', currentLocale())}
        </Text>
        {session.status === 'anonymous' && (
          <Text
            component={Link}
            to="/registration"
            size="sm"
            td="underline"
            style={{ color: 'var(--mantine-color-anchor)' }}
          >
            {t('home.horeca.cta')}
          </Text>
        )}
      </Stack>
    );
  return (
    <AddForm offer={offer} compact={compact} userId={session.user.id} withAvailability={withAvailability} />
  );
}

function AddForm({
  offer,
  compact,
  userId,
  withAvailability,
}: {
  offer: SupplierWine;
  compact?: boolean;
  userId: string;
  withAvailability: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const fieldId = useId();
  const cellar = useCellarId(userId);
  const add = useAddCartItem(cellar.data ?? undefined);
  const [unit, setUnit] = useState<'bottles' | 'cases'>('bottles');
  const [text, setText] = useState('1');
  const [error, setError] = useState<string>();
  const byCase = offer.caseSize > 1;
  const typed = schemaNumber(text, locale);
  const bottles = typed !== null && unit === 'cases' ? typed * offer.caseSize : typed;
  const outOfStock = offer.availability === 'outOfStock';

  const submit = () => {
    const found = schemaErrors(CartItemUpdate, { quantity: bottles ?? undefined });
    if (found.quantity) {
      setError(found.quantity);
      return;
    }
    if (!cellar.data || bottles === null) return;
    // More than the supplier has is refused here already, as the cart refuses it: never a "Success!".
    const stock = offer.stock;
    if (stock !== undefined && bottles > stock) {
      setError(translateMessage(stock > 0 ? withBounds('onlyInStock', { stock }) : 'wineOutOfStock'));
      return;
    }
    setError(undefined);
    add.mutate(
      { supplierId: offer.supplierId, wineId: offer.wineId, quantity: bottles },
      {
        onSuccess: (added) =>
          notify.success(
            t('marketCart.added', { count: bottles, name: offer.name, inCart: added.totalCartQuantity }),
          ),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Stack gap={6} data-testid="add-to-cart">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NumberField
          id={fieldId}
          label={t('marketCart.quantity')}
          aria-label={t('marketCart.quantityOf', { name: offer.name })}
          decimals={0}
          w={compact ? 88 : 110}
          size={compact ? 'xs' : 'sm'}
          value={text}
          onChange={(next) => {
            setText(next);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          error={Boolean(error)}
          disabled={outOfStock}
        />
        {byCase && (
          // Two pressed-or-not buttons rather than a segmented control: the feed shows this button, and
          // its first load carries only the styles it already has.
          <Button.Group aria-label={t('marketCart.unitLabel')}>
            {(['bottles', 'cases'] as const).map((value) => (
              <Button
                key={value}
                size={compact ? 'xs' : 'sm'}
                variant={unit === value ? 'filled' : 'default'}
                aria-pressed={unit === value}
                disabled={outOfStock}
                onClick={() => setUnit(value)}
              >
                {t(`marketCart.unit.${value}`)}
              </Button>
            ))}
          </Button.Group>
        )}
        <Button
          radius="xl"
          size={compact ? 'xs' : 'sm'}
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
          disabled={outOfStock || !cellar.data}
          loading={add.isPending}
          onClick={submit}
          aria-label={t('marketCart.addOf', { name: offer.name })}
        >
          {t('marketCart.add')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {withAvailability && <AvailabilityBadge availability={offer.availability} />}
        {unit === 'cases' && typeof typed === 'number' && Number.isInteger(typed) && typed > 0 && (
          <Text size="xs" c="dimmed" data-testid="case-bottles">
            {t('marketCart.casesAre', { cases: typed, size: offer.caseSize, count: typed * offer.caseSize })}
          </Text>
        )}
        {byCase && unit === 'bottles' && (
          <Text size="xs" c="dimmed">
            {t('marketCart.caseSize', { count: offer.caseSize })}
          </Text>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
