import { type EventWine, type WineEvent, wineDisplayName } from '@kork/shared';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wineImageSources } from '../../../lib/wine-image';
import { formatPrice, producerBesideName, useVintageText, winePath } from '../../../lib/wine-text';
import classes from './profile.module.css';

const IMAGE_WIDTH = 32;

interface EventWineListsProps {
  event: WineEvent;
  /** Visitors are asked to register for prices (SPEC §1); signed-in people see them. */
  anonymous: boolean;
}

/**
 * The event's featured wine lists (SPEC §2), each wine linking to its page, with its price: the monopoly
 * price, or the HORECA price ex VAT when the event shows it to a business (the API decides which).
 */
export function EventWineLists({ event, anonymous }: EventWineListsProps) {
  const { t } = useTranslation();
  if (event.wineLists.length === 0) return <Text c="dimmed">{t('wineEvents.profile.noLists')}</Text>;
  return (
    <div className={classes.lists}>
      {anonymous && (
        <Anchor component={Link} to="/registration" fw={600}>
          {t('wineEvents.profile.registerForPrices')}
        </Anchor>
      )}
      {event.wineLists.map((list) => (
        <section key={list.id} className={classes.list} aria-label={list.name}>
          <Title order={3} size="h4">
            {list.name}
          </Title>
          {list.wines.length === 0 ? (
            <Text c="dimmed" size="sm" mt={4}>
              {t('wineEvents.profile.noWines')}
            </Text>
          ) : (
            <ul className={classes.wines}>
              {list.wines.map((wine) => (
                <WineLine key={wine.id} wine={wine} currency={event.currency} anonymous={anonymous} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function WineLine({ wine, currency, anonymous }: { wine: EventWine; currency: string; anonymous: boolean }) {
  const { t, i18n } = useTranslation();
  const vintageText = useVintageText();
  const priceId = useId();
  const name = wineDisplayName({ wineName: wine.name, producerName: wine.producer });
  const producer = producerBesideName(name, wine.producer);
  const locale = i18n.resolvedLanguage;

  return (
    <li className={classes.wine} data-testid="event-wine">
      <img
        {...wineImageSources(wine.imageUrl, IMAGE_WIDTH, wine.mainCategoryId)}
        alt={t('wineEvents.profile.wineImageAlt', { name })}
        width={IMAGE_WIDTH}
        height={88}
        loading="lazy"
        decoding="async"
        className={classes.wineImage}
      />
      <div className={classes.wineMain}>
        <Anchor component={Link} to={winePath(wine.id)} className={classes.wineName}>
          {name}
        </Anchor>
        <p className={classes.wineMeta}>
          {[producer, vintageText(wine.vintage)].filter(Boolean).join(' · ')}
        </p>
      </div>
      <div className={classes.winePrice}>
        {wine.horecaPrice !== undefined && wine.horecaPrice !== null ? (
          <Stack gap={0}>
            <span className={classes.priceLabel} id={priceId}>
              {t('wineEvents.profile.horecaPrice')}
            </span>
            <span className={classes.amount} aria-describedby={priceId} data-testid="event-wine-price">
              {formatPrice(wine.horecaPrice, currency, locale)}
            </span>
          </Stack>
        ) : wine.price !== undefined && wine.price !== null ? (
          <Stack gap={0}>
            <span className={classes.priceLabel} id={priceId}>
              {t('wineEvents.profile.monopolyPrice')}
            </span>
            <span className={classes.amount} aria-describedby={priceId} data-testid="event-wine-price">
              {formatPrice(wine.price, currency, locale)}
            </span>
          </Stack>
        ) : anonymous ? null : (
          <Text size="sm" c="dimmed">
            {t('wineEvents.profile.noPrice')}
          </Text>
        )}
      </div>
    </li>
  );
}
