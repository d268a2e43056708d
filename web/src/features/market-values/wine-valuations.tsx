import type { CellarWine } from '@kork/shared';
import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format-day';
import { QueryProvider } from '../../lib/query-client';
import { useFormats } from '../sales-analytics/formats';
import analytics from '../sales-analytics/sales-analytics.module.css';
import { TableScroll } from '../sales-analytics/table-scroll';
import { isPlanRequired, valuationsQuery } from './api/market-value';

/** How many of a wine's daily valuations the section lists (newest first). */
const ROWS_SHOWN = 10;

/**
 * A cellar wine's market value in its detail view: the value the cascade uses today with its source, and
 * the latest valuations with their source and price type. A plan without market value is told where it
 * comes from instead.
 */
export function WineValuations(props: { userId: string; wine: Pick<CellarWine, 'id'> }) {
  return (
    <QueryProvider>
      <Valuations {...props} />
    </QueryProvider>
  );
}

function Valuations({ userId, wine }: { userId: string; wine: Pick<CellarWine, 'id'> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(valuationsQuery(userId, wine.id));
  const currency = query.data?.current?.currency ?? query.data?.rows[0]?.currency;
  const { formats } = useFormats(currency ?? 'NOK');
  const rows = (query.data?.rows ?? []).slice(0, ROWS_SHOWN);

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('marketValuePage.valuations.title')}
        </Title>
        {query.isPending && <Loader size="xs" aria-label={t('marketValuePage.valuations.loading')} />}
        {query.isError &&
          (isPlanRequired(query.error) ? (
            <Text size="sm">{t('marketValuePage.valuations.planRequired')}</Text>
          ) : (
            <Alert color="red" variant="light" radius="md">
              {t('marketValuePage.valuations.loadError')}
            </Alert>
          ))}
        {query.data && (
          <>
            {query.data.current ? (
              <Text size="sm" fw={600}>
                {t('marketValuePage.valuations.current', {
                  amount: formats.money(query.data.current.price),
                })}{' '}
                · {t(`marketValuePage.sources.${query.data.current.source}`)}
                {query.data.current.demo && (
                  <Badge color="dark" variant="filled" size="xs" ml={6}>
                    {t('marketValuePage.demo.badge')}
                  </Badge>
                )}
              </Text>
            ) : (
              <Text size="sm">{t('marketValuePage.valuations.none')}</Text>
            )}
            {rows.length > 0 && (
              <TableScroll minWidth={320} label={t('marketValuePage.valuations.title')}>
                <Table striped className={analytics.table}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('marketValuePage.valuations.date')}</Table.Th>
                      <Table.Th scope="col" className={analytics.number}>
                        {t('marketValuePage.valuations.price')}
                      </Table.Th>
                      <Table.Th scope="col">{t('marketValuePage.valuations.source')}</Table.Th>
                      <Table.Th scope="col">{t('marketValuePage.valuations.type')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={`${row.asOf}-${row.source}-${row.priceType ?? ''}`}>
                        <Table.Th scope="row" className={analytics.rowHead}>
                          {formatDay(row.asOf, formats.locale)}
                        </Table.Th>
                        <Table.Td className={analytics.number}>{formats.money(row.price)}</Table.Td>
                        <Table.Td>
                          {t(`marketValuePage.sources.${row.source}`)}
                          {row.demo && (
                            <Badge color="dark" variant="filled" size="xs" ml={4}>
                              {t('marketValuePage.demo.badge')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {row.priceType ? t(`marketValuePage.priceTypes.${row.priceType}`) : '–'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </>
        )}
      </Stack>
    </section>
  );
}
