import type { MergeRecord } from '@kork/shared';
import { Alert, Anchor, Button, Group, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { winePath } from '../../../lib/wine-text';

/** A wine of a merge by its name and vintage; its id only when the catalogue no longer has it. */
function nameOf(record: MergeRecord, id: string): string {
  return record.wineNames?.[id] ?? id;
}

/** Every merge made so far: when, into which wine, what was folded in and moved, by whom, by name. */
export function MergeHistory({ merges }: { merges: UseQueryResult<{ rows: MergeRecord[]; count: number }> }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });

  if (!merges.data && !merges.isError) return <Skeleton height={120} radius="md" />;
  if (!merges.data)
    return (
      <Alert color="wine" variant="light">
        <Group justify="space-between">
          <Text size="sm">{t('adminMerge.history.error')}</Text>
          <Button size="xs" variant="white" radius="xl" onClick={() => void merges.refetch()}>
            {t('wine.page.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (merges.data.rows.length === 0) return <Text c="dimmed">{t('adminMerge.history.empty')}</Text>;

  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('adminMerge.history.date')}</Table.Th>
            <Table.Th scope="col">{t('adminMerge.history.survivor')}</Table.Th>
            <Table.Th scope="col">{t('adminMerge.history.duplicates')}</Table.Th>
            <Table.Th scope="col">{t('adminMerge.history.tastings')}</Table.Th>
            <Table.Th scope="col">{t('adminMerge.history.externalIds')}</Table.Th>
            <Table.Th scope="col">{t('adminMerge.history.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {merges.data.rows.map((record) => (
            <Table.Tr key={record.id}>
              <Table.Td>
                <time dateTime={record.mergedAt}>{when.format(new Date(record.mergedAt))}</time>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={winePath(record.survivorId)}>
                  {nameOf(record, record.survivorId)}
                </Anchor>
              </Table.Td>
              <Table.Td>{record.duplicateIds.map((id) => nameOf(record, id)).join(', ')}</Table.Td>
              <Table.Td>{record.movedTastings}</Table.Td>
              <Table.Td>{record.movedExternalIds}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/users/${encodeURIComponent(record.mergedBy)}`}>
                  {record.mergedByName ?? record.mergedBy}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
