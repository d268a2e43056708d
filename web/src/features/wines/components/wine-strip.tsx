import { type WineRow, wineDisplayName } from '@kork/shared';
import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wineImageSources } from '../../../lib/wine-image';
import { formatPoints, producerBesideName, useVintageText, winePath } from '../../../lib/wine-text';
import classes from './wine-strip.module.css';

/** A row of small wine cards ("Other vintages", "Related wines"), each leading to its wine. */
export function WineStrip({ title, wines, empty }: { title: string; wines: WineRow[]; empty: string }) {
  const { t, i18n } = useTranslation();
  const vintageText = useVintageText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="md">
        {title}
      </Title>
      {wines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <ul className={classes.row}>
          {wines.map((wine) => {
            const name = wineDisplayName({ wineName: wine.name, producerName: wine.producer });
            return (
              <li key={wine.id}>
                <Link to={winePath(wine.id)} className={classes.card}>
                  <img
                    {...wineImageSources(wine.imageUrl, 40, wine.mainCategoryId)}
                    alt=""
                    className={classes.image}
                    loading="lazy"
                  />
                  <span className={classes.name}>{name}</span>
                  <Text size="xs" c="dimmed">
                    {[producerBesideName(name, wine.producer), vintageText(wine.vintage)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {wine.rating !== null && (
                    <Text size="sm" fw={700} c="wine.8">
                      {t('wine.strip.points', { points: formatPoints(wine.rating, i18n.resolvedLanguage) })}
                    </Text>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
