import type { WineDetail } from '@kork/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useVocabulary, useWineStyleText } from '../../../lib/wine-text';
import { TastingText } from './tasting-text';
import classes from './wine-details.module.css';

/** Vinmonopolet's taste profile runs from 1 to 12. */
const PROFILE_MAX = 12;
const PROFILE_FIELDS = ['body', 'freshness', 'tannins', 'bitterness', 'sweetness'] as const;

function isSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** One attribute of the taste profile as a labelled bar: "Body", filled 10 twelfths, "10 of 12". */
function ProfileMeter({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation();
  const labelId = useId();
  const text = t('wine.details.profileValue', { value, max: PROFILE_MAX });
  return (
    <div className={classes.meter}>
      <div className={classes.meterHead}>
        <span id={labelId} className={classes.meterLabel}>
          {label}
        </span>
        <span className={classes.meterValue} aria-hidden="true">
          {text}
        </span>
      </div>
      <meter
        aria-labelledby={labelId}
        aria-valuetext={text}
        min={0}
        max={PROFILE_MAX}
        value={value}
        className={classes.track}
      />
    </div>
  );
}

/**
 * Every field of the wine that has a value: the taste profile as meters, then a list of grapes, analysis,
 * tasting notes, packaging, trade details and where Vinmonopolet sells it. Controlled values (food,
 * cork, storage…) read in the visitor's language, and so do Vinmonopolet's colour, smell and taste
 * sentences (through the tasting glossary, for an English reader).
 */
export function WineDetails({ wine }: { wine: WineDetail }) {
  const { t, i18n } = useTranslation();
  const label = useVocabulary();
  const styleText = useWineStyleText();
  const profileId = useId();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, name: string, raw: unknown, value: ReactNode = String(raw)) => {
    if (isSet(raw)) rows.push({ key, label: name, value });
  };

  const style = styleText(wine);
  add(
    'style',
    t('wine.details.style'),
    wine.mainCategoryId,
    <span className={classes.style}>
      <Badge component="span" color="wine" variant="light" radius="sm" className={classes.badge}>
        {style.category}
      </Badge>
      {style.type && <span>{style.type}</span>}
    </span>,
  );
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
  add('bottleSize', t('wine.details.bottleSize'), wine.bottleSize, `${number.format(wine.bottleSize)} l`);
  add('alcohol', t('wine.details.alcohol'), wine.alcohol, `${number.format(wine.alcohol ?? 0)} %`);
  add('sugar', t('wine.details.sugar'), wine.sugar, `${number.format(wine.sugar ?? 0)} g/l`);
  add('acid', t('wine.details.acid'), wine.acid, `${number.format(wine.acid ?? 0)} g/l`);
  for (const field of ['colour', 'aroma', 'taste'] as const) {
    const text = wine[field];
    add(field, t(`wine.details.${field}`), text, text ? <TastingText text={text} /> : undefined);
  }
  add(
    'foodPairings',
    t('wine.details.foodPairings'),
    wine.foodPairings,
    wine.foodPairings.map((food) => label('food', food)).join(', '),
  );
  add('packaging', t('wine.details.packaging'), wine.packaging, label('packaging', wine.packaging));
  add('corkType', t('wine.details.corkType'), wine.corkType, label('cork', wine.corkType));
  add(
    'storingGrade',
    t('wine.details.storingGrade'),
    wine.storingGrade,
    label('storingGrade', wine.storingGrade),
  );
  add('method', t('wine.details.method'), wine.method, label('method', wine.method));
  add('wholesaler', t('wine.details.wholesaler'), wine.wholesaler);
  add('carrier', t('wine.details.carrier'), wine.carrier);
  add(
    'productSelection',
    t('wine.details.productSelection'),
    wine.productSelection,
    label('productSelection', wine.productSelection),
  );
  add(
    'storeCategory',
    t('wine.details.storeCategory'),
    wine.storeCategory,
    label('storeCategory', wine.storeCategory),
  );
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

  // An attribute Vinmonopolet has not rated (absent, or 0) is left out rather than drawn empty.
  const profile = PROFILE_FIELDS.flatMap((field) => {
    const value = wine[field];
    return typeof value === 'number' && value > 0 ? [{ field, value }] : [];
  });

  if (rows.length === 0 && profile.length === 0) return <Text c="dimmed">{t('wine.details.empty')}</Text>;
  return (
    <div className={classes.details}>
      {profile.length > 0 && (
        <section aria-labelledby={profileId}>
          <h3 id={profileId} className={classes.profileTitle}>
            {t('wine.details.profile')}
          </h3>
          <div className={classes.meters}>
            {profile.map(({ field, value }) => (
              <ProfileMeter key={field} label={t(`wine.details.${field}`)} value={value} />
            ))}
          </div>
        </section>
      )}
      {rows.length > 0 && (
        <dl className={classes.list}>
          {rows.map((row) => (
            <div key={row.key} className={classes.item}>
              <dt className={classes.label}>{row.label}</dt>
              <dd className={classes.value}>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
