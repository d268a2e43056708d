import { Button, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBottle, IconBuildingStore, IconListDetails, IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home-page.module.css';

const FEATURES = [
  { key: 'cellar', Icon: IconBottle },
  { key: 'notes', Icon: IconNotes },
  { key: 'lists', Icon: IconListDetails },
] as const;

/**
 * Below the feed on the home page: what Kork offers, and the trade marketplace: its suppliers for
 * everyone, and registration for visitors.
 */
export function HomeMore({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <section aria-labelledby="home-features-heading">
        <Title order={2} id="home-features-heading" className={classes.featuresTitle}>
          {t('home.features.title')}
        </Title>
        {/* A grid from the page's own styles: Mantine's responsive grid would add a style element of its
            own, and every style element added makes the browser work out the whole page's styles again. */}
        <div className={classes.features}>
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
        </div>
      </section>

      <section className={classes.horeca} aria-labelledby="horeca-heading">
        <ThemeIcon size={56} radius="xl" className={classes.horecaIcon} aria-hidden>
          <IconBuildingStore size={30} stroke={1.5} />
        </ThemeIcon>
        <div className={classes.horecaCopy}>
          <Text className={classes.horecaEyebrow}>{t('home.horeca.eyebrow')}</Text>
          <Title order={2} id="horeca-heading" className={classes.horecaTitle}>
            {t('home.horeca.title')}
          </Title>
          <Text className={classes.horecaText}>
            {loggedIn ? t('home.horeca.memberText') : t('home.horeca.text')}
          </Text>
        </div>
        <Group gap="sm">
          {!loggedIn && (
            <Button component={Link} to="/registration" size="md" radius="xl" className={classes.horecaCta}>
              {t('home.horeca.cta')}
            </Button>
          )}
          <Button
            component={Link}
            to="/suppliers"
            size="md"
            radius="xl"
            variant={loggedIn ? 'filled' : 'outline'}
            color={loggedIn ? undefined : 'gray.0'}
            className={loggedIn ? classes.horecaCta : undefined}
          >
            {t('home.horeca.suppliers')}
          </Button>
        </Group>
      </section>
    </>
  );
}
