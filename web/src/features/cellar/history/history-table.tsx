import type { CurrencyCode, HistoryEntry } from '@kork/shared';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './cellar-history-page.module.css';
import { HistoryActionBadge } from './history-action-badge';
import { HistoryChange } from './history-change';
import { formatDateTime } from './history-format';

interface HistoryTableProps {
  entries: HistoryEntry[];
  locationNames: ReadonlyMap<string, string>;
  baseCurrency: CurrencyCode | undefined;
  /** What can be done with an entry, under its change (a price an apply set can be restored). */
  actions?: (entry: HistoryEntry) => ReactNode;
  /** Read out with the table, e.g. "120 entries". */
  caption: string;
}

/** Entries newest first (as the API answers); scrolls sideways on a phone rather than squeezing the change column. */
export function HistoryTable({ entries, locationNames, baseCurrency, caption, actions }: HistoryTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('cellarReview.history.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('cellarReview.history.columns.action')}</Table.Th>
            <Table.Th scope="col">{t('cellarReview.history.columns.wine')}</Table.Th>
            <Table.Th scope="col">{t('cellarReview.history.columns.change')}</Table.Th>
            <Table.Th scope="col">{t('cellarReview.history.columns.who')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td className={classes.nowrap}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <HistoryActionBadge action={entry.action} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.wineDisplayName}
                </Text>
              </Table.Td>
              <Table.Td>
                <HistoryChange entry={entry} locationNames={locationNames} baseCurrency={baseCurrency} />
                {actions?.(entry)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.actorName}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
