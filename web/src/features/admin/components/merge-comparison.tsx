import type { WineRow } from '@kork/shared';
import { Badge, ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints, originText, useVintageText } from '../../../lib/wine-text';

/** The chosen wines side by side, one column each, the survivor marked: what differs is easy to see. */
export function MergeComparison({ wines, survivorId }: { wines: WineRow[]; survivorId: string | null }) {
  const { t, i18n } = useTranslation();
  const vintageText = useVintageText();
  const locale = i18n.resolvedLanguage;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const rating = (points: number | null, count: number) =>
    points === null ? '–' : `${formatPoints(points, locale)} (${number.format(count)})`;

  const rows: { key: string; label: string; value: (wine: WineRow) => ReactNode }[] = [
    { key: 'id', label: t('adminMerge.fields.id'), value: (wine) => <code>{wine.id}</code> },
    { key: 'producer', label: t('adminMerge.fields.producer'), value: (wine) => wine.producer ?? '–' },
    { key: 'vintage', label: t('adminMerge.fields.vintage'), value: (wine) => vintageText(wine.vintage) },
    {
      key: 'category',
      label: t('adminMerge.fields.category'),
      value: (wine) => [t(`wine.categories.${wine.mainCategoryId}`), wine.style].filter(Boolean).join(' · '),
    },
    { key: 'origin', label: t('adminMerge.fields.origin'), value: (wine) => originText(wine) || '–' },
    {
      key: 'bottleSize',
      label: t('adminMerge.fields.bottleSize'),
      value: (wine) => `${number.format(wine.bottleSize)} l`,
    },
    { key: 'grapes', label: t('adminMerge.fields.grapes'), value: (wine) => wine.grapes.join(', ') || '–' },
    {
      key: 'expertRating',
      label: t('adminMerge.fields.expertRating'),
      value: (wine) => rating(wine.expertRating, wine.expertCount),
    },
    {
      key: 'communityRating',
      label: t('adminMerge.fields.communityRating'),
      value: (wine) => rating(wine.communityRating, wine.communityCount),
    },
  ];

  return (
    <ScrollArea type="auto">
      <Table withTableBorder withColumnBorders striped miw={240 + wines.length * 200}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('adminMerge.fields.field')}</Table.Th>
            {wines.map((wine) => (
              <Table.Th key={wine.id} scope="col">
                {wine.name}{' '}
                {wine.id === survivorId && (
                  <Badge size="xs" color="wine" variant="filled" radius="sm">
                    {t('adminMerge.survivorBadge')}
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row">{row.label}</Table.Th>
              {wines.map((wine) => (
                <Table.Td key={wine.id}>{row.value(wine)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
