import { type EmbeddedWine, wineDisplayName } from '@kork/shared';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { wineImageSources } from '../../lib/wine-image';
import {
  formatPoints,
  formatPrice,
  producerBesideName,
  useOriginText,
  useRatingText,
  useVintageText,
  winePath,
} from '../../lib/wine-text';
import { embeddedWineQuery } from './api/embed-queries';
import type { EmbedOptions } from './api/get-embedded-wine';
import classes from './embed-page.module.css';

const IMAGE_WIDTH = 80;

function flag(value: string | null): boolean {
  return value === 'true' || value === '1';
}

/**
 * The card itself: the wine, its rating when the embed asks for it, and its price when the embed asks for
 * it and the API sent one (only for an embed whose owner, a registered account, chose to show it).
 */
export function EmbeddedWineCard({ wine, options }: { wine: EmbeddedWine; options: EmbedOptions }) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  const vintageText = useVintageText();
  const locale = i18n.resolvedLanguage;
  const originText = useOriginText();
  const origin = originText(wine);
  const name = wineDisplayName({ wineName: wine.name, producerName: wine.producer });
  const producer = producerBesideName(name, wine.producer);
  const rating = wine.expertRating ?? wine.rating ?? null;

  return (
    <article className={classes.card} aria-labelledby={`embedded-${wine.id}`}>
      <img
        {...wineImageSources(wine.imageUrl, IMAGE_WIDTH, wine.mainCategoryId)}
        alt=""
        className={classes.image}
      />
      <h1 className={classes.name} id={`embedded-${wine.id}`}>
        {name}
      </h1>
      <Text fw={600}>{[producer, vintageText(wine.vintage)].filter(Boolean).join(' · ')}</Text>
      {origin && (
        <Text size="sm" c="dimmed">
          {origin}
        </Text>
      )}
      {options.showRating && rating !== null && (
        <Text aria-label={t('embed.ratingLabel', { points: formatPoints(rating, locale) })}>
          <span className={classes.points}>{formatPoints(rating, locale)}</span>{' '}
          <Text component="span" fw={600}>
            {ratingText(rating)}
          </Text>
        </Text>
      )}
      {options.showPrice && wine.price !== undefined && wine.price !== null && wine.currency && (
        <Text className={classes.price} data-testid="wine-price">
          {formatPrice(wine.price, wine.currency, locale)}
        </Text>
      )}
      <Button
        component="a"
        href={winePath(wine.id)}
        target="_blank"
        rel="noopener"
        radius="xl"
        variant="light"
        rightSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t('embed.viewOnKork')}
      </Button>
    </article>
  );
}

/**
 * /embed/wines/:id: a wine card other sites show in an iframe (no navbar or footer around it, see the
 * layout rules). `showPrice` and `showRating` in the address say what the card shows; `priceKey` is the
 * owner's proof that the price may show (docs/catalog-api.md).
 */
export function EmbedPage() {
  return (
    <QueryProvider>
      <Embed />
    </QueryProvider>
  );
}

function Embed() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const priceKey = search.get('priceKey') ?? undefined;
  const options: EmbedOptions = {
    showPrice: flag(search.get('showPrice')),
    showRating: flag(search.get('showRating')),
    ...(priceKey ? { priceKey } : {}),
  };
  const wine = useQuery({ ...embeddedWineQuery(id, options), enabled: id !== '' });
  usePageTitle(wine.data ? wine.data.name : t('embed.title'));

  return (
    <div className={classes.root}>
      {!id || (!wine.data && wine.isError) ? (
        <div className={classes.card}>
          <Text fw={600}>{t('embed.notFound')}</Text>
        </div>
      ) : !wine.data ? (
        <div className={classes.card} aria-busy="true">
          <Skeleton width={80} height={240} />
          <Stack gap={6} w="100%" align="center">
            <Skeleton height={24} width="80%" />
            <Skeleton height={16} width="50%" />
          </Stack>
        </div>
      ) : (
        <EmbeddedWineCard wine={wine.data} options={options} />
      )}
    </div>
  );
}
