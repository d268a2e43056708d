import type { WineDetail } from '@kork/shared';
import { Anchor, DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Vinmonopolet's taste profile runs from 1 to 12. */
const PROFILE_MAX = 12;
const PROFILE_FIELDS = ['body', 'freshness', 'tannins', 'bitterness', 'sweetness'] as const;

function isSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Every field of the wine that has a value, as a definition list: grapes, analysis, taste profile,
 * packaging, trade details and where Vinmonopolet sells it.
 */
export function WineDetails({ wine }: { wine: WineDetail }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, label: string, raw: unknown, value: ReactNode = String(raw)) => {
    if (isSet(raw)) rows.push({ key, label, value });
  };

  add(
    'grapes',
    t('wine.details.grapes'),
    wine.grapes,
    wine.grapes
      .map((grape) =>
        grape.share === undefined ? grape.name : `${grape.name} ${number.format(grape.share)} %`,
      )
      .join(', '),
  );
  add('style', t('wine.details.style'), wine.style);
  add('bottleSize', t('wine.details.bottleSize'), wine.bottleSize, `${number.format(wine.bottleSize)} l`);
  add('alcohol', t('wine.details.alcohol'), wine.alcohol, `${number.format(wine.alcohol ?? 0)} %`);
  add('sugar', t('wine.details.sugar'), wine.sugar, `${number.format(wine.sugar ?? 0)} g/l`);
  add('acid', t('wine.details.acid'), wine.acid, `${number.format(wine.acid ?? 0)} g/l`);
  add('colour', t('wine.details.colour'), wine.colour);
  add('aroma', t('wine.details.aroma'), wine.aroma);
  add('taste', t('wine.details.taste'), wine.taste);
  add('foodPairings', t('wine.details.foodPairings'), wine.foodPairings, wine.foodPairings.join(', '));
  for (const field of PROFILE_FIELDS) {
    add(field, t(`wine.details.${field}`), wine[field], `${wine[field]}/${PROFILE_MAX}`);
  }
  add('packaging', t('wine.details.packaging'), wine.packaging);
  add('corkType', t('wine.details.corkType'), wine.corkType);
  add('storingGrade', t('wine.details.storingGrade'), wine.storingGrade);
  add('method', t('wine.details.method'), wine.method);
  add('wholesaler', t('wine.details.wholesaler'), wine.wholesaler);
  add('carrier', t('wine.details.carrier'), wine.carrier);
  add('productSelection', t('wine.details.productSelection'), wine.productSelection);
  add('storeCategory', t('wine.details.storeCategory'), wine.storeCategory);
  add(
    'vinmonopoletNumber',
    t('wine.details.vinmonopoletNumber'),
    wine.vinmonopoletNumber,
    wine.productUrl ? (
      <Anchor href={wine.productUrl} target="_blank" rel="noopener noreferrer">
        {wine.vinmonopoletNumber}
      </Anchor>
    ) : (
      wine.vinmonopoletNumber
    ),
  );
  const from = wine.suggestedDrinkingWindowFrom;
  const to = wine.suggestedDrinkingWindowTo;
  add(
    'drinkingWindow',
    t('wine.details.drinkingWindow'),
    from ?? to,
    t('wine.details.drinkingWindowValue', { from: from ?? '…', to: to ?? '…' }),
  );
  add('classification', t('wine.details.classification'), wine.classification);

  if (rows.length === 0) return <Text c="dimmed">{t('wine.details.empty')}</Text>;
  return (
    <DataList withDivider labelWidth="12rem">
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
