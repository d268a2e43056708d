import { Button, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBottle,
  IconBuildingStore,
  IconListDetails,
  IconNotes,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NAVBAR_HEIGHT_PX, useWatchCategoryStrip } from '../../lib/category-strip';
import { useIsLoggedIn } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { WineFeed } from '../wines/components/wine-feed';
import { parseWineFilters, wineFiltersToSearchParams } from '../wines/wine-filters';
import { type Category, isCategory } from './categories';
import { CategoryStrip } from './components/category-strip';
import classes from './home-page.module.css';

const FEATURES = [
  { key: 'cellar', Icon: IconBottle },
  { key: 'notes', Icon: IconNotes },
  { key: 'lists', Icon: IconListDetails },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  const loggedIn = useIsLoggedIn();
  const [searchParams] = useSearchParams();
  // The strip stands for the category filter when it holds one wine style.
  const filters = parseWineFilters(searchParams);
  const only = filters.mainCategoryId.length === 1 ? (filters.mainCategoryId[0] ?? null) : null;
  const selected = isCategory(only) ? only : undefined;
  // Choosing a style keeps the other filters; choosing the selected one again drops it.
  const categoryLink = (category: Category) => {
    const next = wineFiltersToSearchParams(
      { ...filters, mainCategoryId: category === selected ? [] : [category] },
      searchParams,
    ).toString();
    return next ? `/feed?${next}` : '/feed';
  };
  const stripRef = useRef<HTMLElement>(null);
  useWatchCategoryStrip(stripRef, NAVBAR_HEIGHT_PX);

  return (
    <>
      <section className={classes.hero} aria-labelledby="home-hero-title">
        <div className={classes.heroInner}>
          <Text className={classes.eyebrow}>{t('home.hero.eyebrow')}</Text>
          <Title order={1} id="home-hero-title" className={classes.heroTitle}>
            {t('home.hero.title')}
          </Title>
          <Text className={classes.heroLead}>{t('home.hero.lead')}</Text>
          <Group gap="sm" mt="md">
            <Button
              component={Link}
              to={loggedIn ? '/wine-cellar/home' : '/registration'}
              size="md"
              radius="xl"
              className={classes.primaryCta}
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              {loggedIn ? t('home.hero.openCellar') : t('home.hero.join')}
            </Button>
            <Button
              component={Link}
              to="/events"
              size="md"
              radius="xl"
              variant="outline"
              className={classes.ghostCta}
            >
              {t('home.hero.events')}
            </Button>
          </Group>
        </div>
        <div className={classes.stripWrap}>
          <CategoryStrip ref={stripRef} selected={selected} linkTo={categoryLink} />
        </div>
      </section>

      <div className={classes.body}>
        <section aria-labelledby="top-rated-heading" className={classes.topRated}>
          <div className={classes.sectionHead}>
            <div>
              <Title order={2} id="top-rated-heading">
                {t('home.topRated.title')}
              </Title>
              <Text c="dimmed">
                {selected
                  ? t('home.topRated.filtered', { category: t(`home.categories.${selected}`) })
                  : t('home.topRated.subtitle')}
              </Text>
            </div>
          </div>
          <WineFeed />
        </section>

        <section aria-labelledby="home-features-heading">
          <Title order={2} id="home-features-heading" className={classes.featuresTitle}>
            {t('home.features.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map(({ key, Icon }) => (
              <div key={key} className={classes.feature}>
                <ThemeIcon size={48} radius="xl" variant="light" color="wine" aria-hidden>
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} className={classes.featureTitle}>
                  {t(`home.features.${key}.title`)}
                </Title>
                <Text c="dimmed">{t(`home.features.${key}.text`)}</Text>
              </div>
            ))}
          </SimpleGrid>
        </section>

        {!loggedIn && (
          <section className={classes.horeca} aria-labelledby="horeca-heading">
            <ThemeIcon size={56} radius="xl" className={classes.horecaIcon} aria-hidden>
              <IconBuildingStore size={30} stroke={1.5} />
            </ThemeIcon>
            <div className={classes.horecaCopy}>
              <Text className={classes.horecaEyebrow}>{t('home.horeca.eyebrow')}</Text>
              <Title order={2} id="horeca-heading" className={classes.horecaTitle}>
                {t('home.horeca.title')}
              </Title>
              <Text className={classes.horecaText}>{t('home.horeca.text')}</Text>
            </div>
            <Button component={Link} to="/registration" size="md" radius="xl" className={classes.horecaCta}>
              {t('home.horeca.cta')}
            </Button>
          </section>
        )}
      </div>
    </>
  );
}
