import { SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './cellar-home-page.module.css';
import { CellarDashboardView } from './home/cellar-dashboard';

export const CELLAR_HOME_PATH = '/wine-cellar/home';

/**
 * The cellar's front door (the logo's target): totals in the viewer's currency, what to drink now,
 * what is running low and the latest changes; a new, empty cellar gets a welcome and the first step.
 */
export function CellarHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('cellar.sections.home.title'));
  const session = useSession();

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Text className={classes.eyebrow}>{t('cellar.title')}</Text>
        <Title order={1} className={classes.title}>
          {t('cellar.home.heading')}
        </Title>
      </header>
      {session.status === 'loading' && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy="true">
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} height={92} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {session.status === 'anonymous' && (
        <Text>
          {t('cellarReview.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(CELLAR_HOME_PATH)}`}>
            {t('cellarReview.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        // Keyed by the person so a different sign-in never sees someone else's cellar.
        <CellarDashboardView key={session.user.id} userId={session.user.id} />
      )}
    </div>
  );
}
