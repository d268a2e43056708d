import { Alert, Button, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { formatPrice } from '../../../lib/wine-text';
import { AddToCartButton } from '../add-to-cart';
import { wineSuppliersQuery } from '../api/supplier-queries';
import { DutiesNote, offerDutiesFigure } from './duties-note';

/**
 * A feed row's "Add to cart" for business accounts: a popover listing the wine's suppliers (fetched when
 * it opens), each with its price ex VAT and the cart button. Loaded on the first click, in place of the
 * row's plain button, and opened at once.
 */
export function FeedOffers({ wineId, name }: { wineId: string; name: string }) {
  return (
    <QueryProvider>
      <OffersPopover wineId={wineId} name={name} />
    </QueryProvider>
  );
}

function OffersPopover({ wineId, name }: { wineId: string; name: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const target = useRef<HTMLButtonElement>(null);
  // The row's plain button was replaced by this one: keep the keyboard where it was.
  useEffect(() => target.current?.focus(), []);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(22rem, calc(100vw - 2rem))"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          ref={target}
          size="xs"
          variant="outline"
          radius="xl"
          leftSection={<IconShoppingCartPlus size={14} aria-hidden />}
          onClick={() => setOpened((current) => !current)}
          aria-label={t('marketSuppliers.feed.addLabel', { name })}
          aria-expanded={opened}
        >
          {t('marketSuppliers.feed.add')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('marketSuppliers.feed.suppliersOf', { name })}>
        {opened && <Offers wineId={wineId} name={name} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function Offers({ wineId, name }: { wineId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const result = useQuery(
    wineSuppliersQuery(wineId, { currency, locale: i18n.resolvedLanguage, viewer: 'authenticated' }),
  );
  if (result.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(result.error)}
      </Alert>
    );
  if (!result.data) return <Loader size="sm" aria-label={t('marketSuppliers.link.loading')} />;
  if (result.data.rows.length === 0) return <Text size="sm">{t('marketSuppliers.availability.empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="feed-offers">
      <Text fw={700} size="sm">
        {t('marketSuppliers.feed.suppliersOf', { name })}
      </Text>
      {result.data.rows.map((offer) => (
        <Stack key={offer.supplierId} gap={4} data-testid="feed-offer">
          <Text size="sm" fw={600}>
            {offer.supplierName}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`marketSuppliers.wine.availability.${offer.availability}`)}
            {' · '}
            {t('marketSuppliers.wine.caseSize', { count: offer.caseSize })}
            {offer.horecaPrice !== undefined &&
              ` · ${t('marketSuppliers.wine.price', {
                price: formatPrice(offer.horecaPrice, offer.currency, i18n.resolvedLanguage),
              })}`}
          </Text>
          <DutiesNote duties={offerDutiesFigure(offer.duties, offer.currency, i18n.resolvedLanguage)} />
          <AddToCartButton offer={offer} compact withAvailability={false} />
        </Stack>
      ))}
    </Stack>
  );
}
