import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { wineSuppliersQuery } from '../api/supplier-queries';
import { OfferRow } from './offer-row';
import classes from './suppliers.module.css';

/**
 * A wine's suppliers on its page (SPEC §2 wine profile: availability, add to cart): each supplier
 * offering it with availability and case size, the HORECA price ex VAT for business accounts, and the
 * cart button. Nothing shows for a wine no supplier offers.
 */
export function WineAvailability({ wineId }: { wineId: string }) {
  return (
    <QueryProvider>
      <Availability wineId={wineId} />
    </QueryProvider>
  );
}

function Availability({ wineId }: { wineId: string }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const session = useSession();
  const result = useQuery({
    ...wineSuppliersQuery(wineId, { currency, locale: i18n.resolvedLanguage, viewer: session.status }),
    enabled: session.status !== 'loading',
  });
  if (result.data && result.data.rows.length === 0) return null;
  return (
    <section aria-labelledby="wine-availability-heading" data-testid="wine-availability">
      <Stack gap="sm">
        <Title order={2} id="wine-availability-heading">
          {t('marketSuppliers.availability.title')}
        </Title>
        {result.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('marketSuppliers.availability.error')}>
            <Text size="sm">{errorMessage(result.error)}</Text>
            <Button variant="default" size="xs" mt="sm" onClick={() => void result.refetch()}>
              {t('marketSuppliers.retry')}
            </Button>
          </Alert>
        ) : !result.data ? (
          <Skeleton height={72} radius="md" />
        ) : (
          <ul className={classes.offers}>
            {result.data.rows.map((offer) => (
              <OfferRow key={offer.supplierId} offer={offer} title="supplier" />
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
}
