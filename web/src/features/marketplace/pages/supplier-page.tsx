import type { Supplier } from '@kork/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { supplierQuery } from '../api/supplier-queries';
import { OfferRow } from '../suppliers/offer-row';
import { DARK_GREEN, deliveryDaysText, isBusinessViewer, minimumOrderText } from '../suppliers/supplier-text';
import classes from '../suppliers/suppliers.module.css';

const PER_PAGE = 20;
const SEARCH_MAX = 200;

/** A supplier's profile (SPEC §2 /suppliers/:id): who it is, how it delivers, and its wines. */
export function SupplierPage() {
  return (
    <QueryProvider>
      <SupplierProfile />
    </QueryProvider>
  );
}

function SupplierProfile() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const { supplierId = '' } = useParams();
  const currency = useCurrency();
  const session = useSession();
  const business = isBusinessViewer(session.status === 'authenticated' ? session.user : null);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim().slice(0, SEARCH_MAX), 300);
  const [page, setPage] = useState(1);
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    setPage(1);
  }

  const query = useMemo(
    () => ({ search: search || undefined, page, resultsPerPage: PER_PAGE }),
    [search, page],
  );
  const result = useQuery({
    ...supplierQuery(supplierId, query, { currency, locale, viewer: session.status }),
    placeholderData: keepPreviousData,
  });
  const supplier = result.data;
  usePageTitle(supplier?.name ?? t('marketSuppliers.title'));

  const back = (
    <Anchor component={Link} to="/suppliers" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('marketSuppliers.profile.back')}
      </Group>
    </Anchor>
  );

  if (result.isError && !supplier) {
    const notFound = result.error instanceof ApiError && result.error.status === 404;
    return (
      <Container size="lg" py="lg">
        <Stack gap="md">
          {back}
          <Title order={1}>
            {notFound ? t('marketSuppliers.profile.notFoundTitle') : t('marketSuppliers.profile.error')}
          </Title>
          <Text>{notFound ? t('marketSuppliers.profile.notFoundText') : errorMessage(result.error)}</Text>
          {!notFound && (
            <Button variant="default" w="fit-content" onClick={() => void result.refetch()}>
              {t('marketSuppliers.retry')}
            </Button>
          )}
        </Stack>
      </Container>
    );
  }

  if (!supplier) {
    return (
      <Container size="lg" py="lg">
        <Stack gap="md" aria-busy="true">
          {back}
          <Skeleton height={36} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={300} />
        </Stack>
      </Container>
    );
  }

  const pages = Math.max(1, Math.ceil(supplier.winesCount / PER_PAGE));
  const numbers = new Intl.NumberFormat(locale);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        {back}
        <div>
          <Title order={1}>{supplier.name}</Title>
          {supplier.city && <Text c="dimmed">{supplier.city}</Text>}
          {supplier.hasAccount && (
            <Badge variant="outline" color={DARK_GREEN} radius="sm" mt="xs">
              {t('marketSuppliers.answersInKork')}
            </Badge>
          )}
        </div>
        {supplier.description && <Text style={{ whiteSpace: 'pre-line' }}>{supplier.description}</Text>}
        <ProfileFacts supplier={supplier} locale={locale} />

        {!business && session.status !== 'loading' && (
          <Alert variant="light" color="cork" data-testid="suppliers-professional">
            <Text fw={600}>{t('marketSuppliers.forProfessionals')}</Text>
            {session.status === 'anonymous' && (
              <Anchor component={Link} to="/registration">
                {t('marketSuppliers.register')}
              </Anchor>
            )}
          </Alert>
        )}

        <section aria-labelledby="supplier-wines-heading">
          <Stack gap="sm">
            <Title order={2} id="supplier-wines-heading">
              {t('marketSuppliers.profile.wines')}{' '}
              <Text component="span" c="dimmed" fz="md">
                ({numbers.format(supplier.winesCount)})
              </Text>
            </Title>
            <TextInput
              type="search"
              label={t('marketSuppliers.profile.searchWines')}
              value={text}
              maxLength={SEARCH_MAX}
              onChange={(event) => setText(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            {supplier.wines.length === 0 ? (
              <Text c="dimmed">{t('marketSuppliers.profile.noWines')}</Text>
            ) : (
              <ul className={classes.offers} aria-busy={result.isFetching}>
                {supplier.wines.map((offer) => (
                  <OfferRow key={`${offer.supplierId}:${offer.wineId}`} offer={offer} title="wine" />
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav aria-label={t('marketSuppliers.pages')}>
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  siblings={1}
                  getControlProps={(control) => ({
                    'aria-label': t(`marketSuppliers.pagination.${control}`),
                  })}
                  boundaries={1}
                />
              </nav>
            )}
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}

function ProfileFacts({ supplier, locale }: { supplier: Supplier; locale: string | undefined }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts}>
      <dt>{t('marketSuppliers.profile.organizationNumber')}</dt>
      <dd>{supplier.organizationNumber}</dd>
      <dt>{t('marketSuppliers.profile.orderEmail')}</dt>
      <dd>
        <Anchor href={`mailto:${supplier.orderEmail}`}>{supplier.orderEmail}</Anchor>
      </dd>
      {supplier.phone && (
        <>
          <dt>{t('marketSuppliers.profile.phone')}</dt>
          <dd>{supplier.phone}</dd>
        </>
      )}
      <dt>{t('marketSuppliers.profile.delivery')}</dt>
      <dd>{deliveryDaysText(supplier, t)}</dd>
      <dt>{t('marketSuppliers.profile.leadTime')}</dt>
      <dd>{t('marketSuppliers.leadTime', { count: supplier.leadTimeDays })}</dd>
      <dt>{t('marketSuppliers.profile.minimumOrder')}</dt>
      <dd>{minimumOrderText(supplier, t, locale)}</dd>
    </dl>
  );
}
