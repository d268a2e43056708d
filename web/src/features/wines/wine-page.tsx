import { wineDisplayName } from '@kork/shared';
import { Anchor, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCurrency } from '../../lib/currency';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import {
  formatPrice,
  producerBesideName,
  useOriginText,
  useVintageText,
  useWineStyleText,
  winePath,
} from '../../lib/wine-text';
import { tastingKeys, wineTastingsQuery } from '../tastings/api/tasting-queries';
import { QuickRating } from '../tastings/components/quick-rating';
import { WantToTryButton } from '../tastings/components/want-to-try-button';
import { WineTastingsSection } from '../tastings/components/wine-tastings-section';
import { WhereToFindIt } from '../wine-lists/public/where-to-find-it';
import { wineKeys, wineQuery } from './api/wine-queries';
import { BottleImage } from './components/bottle-image';
import { WineActions } from './components/wine-actions';
import { WineDetailTabs } from './components/wine-detail-tabs';
import { WineRatings } from './components/wine-ratings';
import { WineStrip } from './components/wine-strip';
import classes from './wine-page.module.css';

const BOTTLE_WIDTH = 200;

// The marketplace's offers of the wine load with their own code, after the wine itself.
const WineAvailability = lazy(() =>
  import('../marketplace/suppliers/wine-availability').then((m) => ({ default: m.WineAvailability })),
);

function WinePageSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <div className={classes.hero}>
        <Skeleton className={classes.bottle} />
        <Stack gap="sm" className={classes.heading}>
          <Skeleton height={40} width="70%" />
          <Skeleton height={20} width="40%" />
          <Skeleton height={20} width="55%" />
        </Stack>
        <Skeleton height={90} className={classes.facts} />
      </div>
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}

/**
 * A wine's page (SPEC §2 wine profile): the bottle, who made it and where, the experts' and the
 * community's ratings apart, price and availability for signed-in people, sharing and embedding, every
 * detail of the wine, the tasting notes, other vintages and related wines.
 */
export function WinePage() {
  return (
    <QueryProvider>
      <WinePageContent />
    </QueryProvider>
  );
}

function WinePageContent() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const viewer = session.status === 'authenticated' ? session.user : null;
  const anonymous = session.status === 'anonymous';
  const currency = useCurrency();
  const vintageText = useVintageText();
  const originText = useOriginText();
  const styleText = useWineStyleText();
  const wherePriceId = useId();

  // Prices, availability and the viewer's own notes depend on who asks, and prices on the currency.
  const client = useQueryClient();
  const wine = useQuery(wineQuery(id, { anonymous, currency }));
  const tastings = useQuery(wineTastingsQuery(id, anonymous));
  const detail = wine.data;
  usePageTitle(detail?.name ?? t('wine.page.title'));

  // A wine merged into another lives on under the survivor's page.
  useEffect(() => {
    if (detail?.mergedInto) navigate(winePath(detail.mergedInto), { replace: true });
  }, [detail?.mergedInto, navigate]);

  if (wine.isError && !detail) {
    const notFound = wine.error instanceof ApiError && wine.error.status === 404;
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            {notFound ? t('wine.page.notFound') : t('wine.page.error')}
          </Title>
          <Text>{notFound ? t('wine.page.notFoundText') : t('wine.page.errorText')}</Text>
          <Group>
            {!notFound && (
              <Button radius="xl" onClick={() => void wine.refetch()}>
                {t('wine.page.retry')}
              </Button>
            )}
            <Button component={Link} to="/feed" radius="xl" variant={notFound ? 'filled' : 'default'}>
              {t('wine.page.toFeed')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  if (!detail || detail.mergedInto) {
    return (
      <Container size={1100} py={{ base: 'lg', sm: 40 }}>
        <WinePageSkeleton />
      </Container>
    );
  }

  const locale = i18n.resolvedLanguage;
  const origin = originText(detail);
  const style = styleText(detail);
  const name = wineDisplayName({ wineName: detail.name, producerName: detail.producer });
  const producer = producerBesideName(name, detail.producer);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: tastingKeys.wine(id) });
    void client.invalidateQueries({ queryKey: wineKeys.detail(id) });
  };

  return (
    <Container size={1100} py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap={40}>
        <div className={classes.hero}>
          <div className={classes.bottle}>
            <BottleImage
              wine={detail}
              width={BOTTLE_WIDTH}
              alt={t('wine.page.imageAlt', { name })}
              className={classes.bottleImage}
            />
          </div>
          <div className={classes.heading}>
            <Title order={1} className={classes.title}>
              {name}
            </Title>
            <Text size="lg" fw={600} mt={4}>
              {[producer, vintageText(detail.vintage)].filter(Boolean).join(' · ')}
            </Text>
            <Group gap="xs" mt="xs">
              <Badge color="wine" variant="light" radius="sm">
                {style.category}
              </Badge>
              {style.type && (
                <Badge color="gray" variant="light" radius="sm">
                  {style.type}
                </Badge>
              )}
            </Group>
            {origin && (
              <Text c="dimmed" mt="xs">
                {origin}
              </Text>
            )}
          </div>

          <Stack gap="md" className={classes.facts}>
            <WineRatings ratings={detail} />

            <QuickRating
              wineId={detail.id}
              mine={tastings.data?.mine}
              signedIn={viewer !== null}
              anonymous={anonymous}
              onRated={refresh}
            />

            <section aria-labelledby={wherePriceId}>
              <Text id={wherePriceId} size="sm" fw={600} c="dimmed">
                {t('wine.price.label')}
              </Text>
              {viewer ? (
                <Stack gap={6}>
                  {detail.price !== undefined && detail.price !== null ? (
                    <span className={classes.price} data-testid="wine-price">
                      {formatPrice(detail.price, detail.currency ?? currency, locale)}
                    </span>
                  ) : (
                    <Text>{t('wine.price.none')}</Text>
                  )}
                  <Group gap="xs">
                    {detail.isAvailable !== undefined && (
                      <Badge
                        color={detail.isAvailable ? 'green' : 'gray'}
                        // The light variant's own text is too pale on its tint; body text reads at AA.
                        style={{ '--badge-color': 'var(--mantine-color-text)' }}
                        variant="light"
                        radius="sm"
                      >
                        {detail.isAvailable
                          ? t('wine.availability.available')
                          : t('wine.availability.unavailable')}
                      </Badge>
                    )}
                    {detail.isHorecaAvailable && (
                      <Badge color="cork" variant="light" radius="sm">
                        {t('wine.availability.horeca')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              ) : anonymous ? (
                <Anchor component={Link} to="/registration" fw={600}>
                  {t('wine.price.register')}
                </Anchor>
              ) : (
                <Skeleton height={28} width={120} />
              )}
            </section>

            <Group gap="xs">
              <WantToTryButton wineId={detail.id} viewerId={viewer?.id} anonymous={anonymous} />
            </Group>
            <WineActions wine={detail} canDelete={viewer?.role === 'admin'} />
          </Stack>
        </div>

        <div className={classes.section}>
          <WineDetailTabs wine={detail} withCellarTabs={!anonymous} viewerId={viewer?.id} />
        </div>

        <Suspense fallback={null}>
          <WineAvailability wineId={detail.id} />
        </Suspense>

        <WineTastingsSection
          wine={detail}
          tastings={tastings}
          viewer={viewer}
          anonymous={anonymous}
          onChanged={refresh}
        />

        <WineStrip
          title={t('wine.vintages.title')}
          wines={detail.vintages}
          empty={t('wine.vintages.empty')}
        />
        <WineStrip title={t('wine.related.title')} wines={detail.related} empty={t('wine.related.empty')} />

        <WhereToFindIt wineId={detail.id} />
      </Stack>
    </Container>
  );
}
