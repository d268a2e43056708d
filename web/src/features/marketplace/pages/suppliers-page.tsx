import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrency } from '../../../lib/currency';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { suppliersQuery } from '../api/supplier-queries';
import { DARK_GREEN, deliveryDaysText, isBusinessViewer, minimumOrderText } from '../suppliers/supplier-text';
import classes from '../suppliers/suppliers.module.css';

const PER_PAGE = 24;
const SEARCH_MAX = 200;

/** The marketplace's suppliers (SPEC §2 /suppliers): searchable and paged, for everyone. */
export function SuppliersPage() {
  return (
    <QueryProvider>
      <Suppliers />
    </QueryProvider>
  );
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function Suppliers() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  usePageTitle(t('marketSuppliers.title'));
  const session = useSession();
  const business = isBusinessViewer(session.status === 'authenticated' ? session.user : null);
  const currency = useCurrency();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').slice(0, SEARCH_MAX);
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const committed = useRef(search);

  // A search from elsewhere (back and forward) shows in the box.
  useEffect(() => {
    if (search !== committed.current) {
      committed.current = search;
      setText(search);
    }
  }, [search]);

  useEffect(() => {
    if (debounced === committed.current) return;
    committed.current = debounced;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const query = useMemo(
    () => ({ search: search || undefined, page, resultsPerPage: PER_PAGE }),
    [search, page],
  );
  const result = useQuery({
    ...suppliersQuery(query, { currency, locale }),
    placeholderData: keepPreviousData,
  });
  const numbers = new Intl.NumberFormat(locale);
  const pages = result.data ? Math.max(1, Math.ceil(result.data.count / PER_PAGE)) : 1;

  const goTo = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('marketSuppliers.title')}</Title>
        <Text>{t('marketSuppliers.intro')}</Text>
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
        <div className={classes.toolbar}>
          <TextInput
            type="search"
            label={t('marketSuppliers.search')}
            value={text}
            maxLength={SEARCH_MAX}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
        </div>

        {result.isError && !result.data ? (
          <Alert color="red" variant="light" role="alert" title={t('marketSuppliers.error')}>
            <Text size="sm">{errorMessage(result.error)}</Text>
            <Button variant="default" size="xs" mt="sm" onClick={() => void result.refetch()}>
              {t('marketSuppliers.retry')}
            </Button>
          </Alert>
        ) : !result.data ? (
          <div className={classes.cards} aria-busy="true">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
              <Skeleton key={key} height={130} radius="md" />
            ))}
          </div>
        ) : (
          <>
            <Text aria-live="polite" data-testid="suppliers-count">
              {t('marketSuppliers.count', {
                count: result.data.count,
                formatted: numbers.format(result.data.count),
              })}
            </Text>
            {result.data.rows.length === 0 ? (
              <Text c="dimmed">{t('marketSuppliers.empty')}</Text>
            ) : (
              <ul className={classes.cards} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {result.data.rows.map((supplier) => (
                  <li key={supplier.id}>
                    <Link
                      to={`/suppliers/${encodeURIComponent(supplier.id)}`}
                      className={classes.card}
                      data-testid="supplier-card"
                    >
                      <p className={classes.cardTitle}>{supplier.name}</p>
                      {supplier.hasAccount && (
                        <Badge variant="outline" color={DARK_GREEN} size="sm" radius="sm" mb={6}>
                          {t('marketSuppliers.answersInKork')}
                        </Badge>
                      )}
                      <dl className={classes.facts}>
                        {supplier.city && (
                          <>
                            <dt>{t('marketSuppliers.columns.city')}</dt>
                            <dd>{supplier.city}</dd>
                          </>
                        )}
                        <dt>{t('marketSuppliers.columns.wines')}</dt>
                        <dd>
                          {t('marketSuppliers.wineCount', {
                            count: supplier.wineCount,
                            formatted: numbers.format(supplier.wineCount),
                          })}
                        </dd>
                        <dt>{t('marketSuppliers.columns.minimumOrder')}</dt>
                        <dd>{minimumOrderText(supplier, t, locale)}</dd>
                        <dt>{t('marketSuppliers.columns.delivery')}</dt>
                        <dd>{deliveryDaysText(supplier, t)}</dd>
                      </dl>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav aria-label={t('marketSuppliers.pages')}>
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={goTo}
                  siblings={1}
                  getControlProps={(control) => ({
                    'aria-label': t(`marketSuppliers.pagination.${control}`),
                  })}
                  boundaries={1}
                />
              </nav>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
