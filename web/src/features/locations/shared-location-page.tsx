import type { SharedLocationView } from '@kork/shared';
import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { QueryProvider } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { wineImageSources } from '../../lib/wine-image';
import { useVintageText } from '../../lib/wine-text';
import { sharedLocationQuery } from '../cellar/api/cellar-queries';
import classes from './shared-location-page.module.css';

type SharedWine = SharedLocationView['rows'][number];

const PATH_SEPARATOR = ' › ';
const IMAGE_WIDTH = 40;

/** A revoked or unknown token answers 404: the link is no longer shared, which is not an error to retry. */
function isNotShared(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * /location/:token — a location someone shared by link, for anyone who has it (signed in or not): whose
 * it is, where it is in their cellar, and its wines with where each bottle stands. No prices.
 */
export function SharedLocationPage() {
  return (
    <QueryProvider>
      <Shared />
    </QueryProvider>
  );
}

function Shared() {
  const { t } = useTranslation();
  // The route is `location/*`, so the token is the rest of the address.
  const token = useParams()['*'] ?? '';
  const shared = useQuery({ ...sharedLocationQuery(token), enabled: token !== '' });
  const view = shared.data;
  const failed = !view && shared.isError;
  const notShared = !token || (failed && isNotShared(shared.error));

  usePageTitle(
    view
      ? view.location.path.join(PATH_SEPARATOR) || view.location.name
      : notShared
        ? t('cellarPlaces.shared.notSharedTitle')
        : t('sharedLocation.title'),
  );

  if (notShared) return <NotShared />;
  return (
    <div className={classes.page}>
      {!view && !failed && <LoadingView />}
      {failed && (
        <Stack className={classes.state} role="alert">
          <Text fw={600}>{t('cellarPlaces.shared.loadError')}</Text>
          <Button radius="xl" onClick={() => void shared.refetch()}>
            {t('cellarPlaces.shared.retry')}
          </Button>
        </Stack>
      )}
      {view && <SharedLocation view={view} />}
    </div>
  );
}

function NotShared() {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <div className={classes.state}>
        <IconLinkOff size={40} stroke={1.5} className={classes.stateIcon} aria-hidden />
        <Title order={1} className={classes.title}>
          {t('cellarPlaces.shared.notSharedTitle')}
        </Title>
        <Text>{t('cellarPlaces.shared.notSharedText')}</Text>
      </div>
    </div>
  );
}

function LoadingView() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('cellarPlaces.shared.loading')}>
      <Skeleton height={14} width={160} />
      <Skeleton height={36} width="60%" />
      <Skeleton height={18} width={200} />
      <Skeleton height={140} radius="lg" />
    </Stack>
  );
}

/** Names of the sub-locations below the shared one, by id: "Shelf 2" or "Rack A › Shelf 2". */
function placeNames(view: SharedLocationView): Map<string, string> {
  const byId = new Map(view.sublocations.map((sub) => [sub.id, sub]));
  const names = new Map<string, string>([[view.location.id, view.location.name]]);
  for (const sub of view.sublocations) {
    const path: string[] = [];
    let current: (typeof view.sublocations)[number] | undefined = sub;
    // Stops at the shared location: the visitor already sees where they are.
    while (current && path.length <= view.sublocations.length) {
      path.unshift(current.name);
      current =
        current.parentId && current.parentId !== view.location.id ? byId.get(current.parentId) : undefined;
    }
    names.set(sub.id, path.join(PATH_SEPARATOR));
  }
  return names;
}

function SharedLocation({ view }: { view: SharedLocationView }) {
  const { t } = useTranslation();
  const names = placeNames(view);
  const ancestors = view.location.path.slice(0, -1);

  return (
    <>
      <header className={classes.intro}>
        <Text className={classes.eyebrow}>{t('cellarPlaces.shared.sharedBy', { name: view.ownerName })}</Text>
        <Title order={1} className={classes.title}>
          {ancestors.length > 0 && (
            <span className={classes.ancestors}>
              {ancestors.join(PATH_SEPARATOR)}
              {PATH_SEPARATOR}
            </span>
          )}
          {view.location.name}
        </Title>
        <Text className={classes.totals}>
          {t('cellarPlaces.shared.wines', { count: view.count })} ·{' '}
          {t('cellarPlaces.shared.bottles', { count: view.bottles })}
        </Text>
      </header>
      <section aria-labelledby="shared-location-wines">
        <Title order={2} size="h3" mb="sm" id="shared-location-wines">
          {t('cellarPlaces.shared.winesHeading')}
        </Title>
        {view.rows.length === 0 ? (
          <Text c="dimmed">{t('cellarPlaces.shared.empty')}</Text>
        ) : (
          <ul className={classes.list}>
            {view.rows.map((wine) => (
              <li key={wine.id}>
                <SharedWineCard wine={wine} names={names} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SharedWineCard({ wine, names }: { wine: SharedWine; names: Map<string, string> }) {
  const { t, i18n } = useTranslation();
  const vintageText = useVintageText();
  const litres = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 3 });
  // One place reads as its name; bottles spread over several say how many stand in each.
  const where =
    wine.placements.length === 1
      ? (names.get(wine.placements[0]?.locationId ?? '') ?? '')
      : wine.placements
          .map((placement) => `${names.get(placement.locationId) ?? ''} (${placement.quantity})`)
          .join(', ');

  return (
    <article className={classes.wine} aria-label={wine.wineDisplayName}>
      <img
        {...wineImageSources(wine.imageUrl, IMAGE_WIDTH, wine.mainCategoryId)}
        alt=""
        className={classes.image}
        loading="lazy"
      />
      <div className={classes.body}>
        <h3 className={classes.name}>{wine.wineDisplayName}</h3>
        <Text size="sm" c="dimmed">
          {vintageText(wine.vintage)}
        </Text>
        <dl className={classes.facts}>
          <dt>{t('cellarPlaces.shared.bottleSize')}</dt>
          <dd>{`${litres.format(wine.bottleSize)} l`}</dd>
          <dt>{t('cellarPlaces.shared.quantity')}</dt>
          <dd>{wine.quantity}</dd>
          {where && (
            <>
              <dt>{t('cellarPlaces.shared.where')}</dt>
              <dd>{where}</dd>
            </>
          )}
        </dl>
      </div>
    </article>
  );
}
