import { Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { DangerZone } from './components/danger-zone';
import { PasswordSection } from './components/password-section';
import { PicturesSection } from './components/pictures-section';
import { PlanSection } from './components/plan-section';
import { ProfileForm } from './components/profile-form';
import { StatisticSummary } from './components/statistic-summary';
import classes from './profile-settings-page.module.css';

export const PROFILE_SETTINGS_PATH = '/settings/profile';

/**
 * Profile and settings (SPEC §2): every profile field, pictures, favorite stores, newsletter, currency,
 * password, a summary of what the person has done, and deactivating or deleting the account. The route
 * lets only signed-in people in; should the session end here, the page sends them to sign in.
 */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const session = useSession();

  if (session.status === 'loading') return null;
  if (session.status === 'anonymous') {
    // Visitors never get here (the route's loader sends them to sign in). A session that ends on this page
    // (log-out, deactivation) is usually followed by a navigation of its own, so offer the way back
    // instead of redirecting over it.
    return (
      <Container size={880} py={48}>
        <Text>
          {t('profile.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(PROFILE_SETTINGS_PATH)}`}>{t('nav.signIn')}</Link>
        </Text>
      </Container>
    );
  }
  const user = session.user;

  return (
    <Container size={880} py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        <header className={classes.header}>
          <Group gap="lg" wrap="nowrap" align="center">
            <UserAvatar user={user} size={72} />
            <div>
              <Title order={1} className={classes.title}>
                {t('profile.title')}
              </Title>
              <Group gap="xs" mt={4}>
                <Text fw={600}>{user.fullName}</Text>
                <Badge variant="light" color="wine" radius="sm">
                  {t(`account.userType.${user.userType}`)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </div>
          </Group>
          <StatisticSummary user={user} />
        </header>
        {/* Keyed by the person so a different sign-in never sees someone else's typed values. */}
        <PicturesSection key={`pictures-${user.id}`} user={user} />
        <ProfileForm key={`profile-${user.id}`} user={user} />
        <PlanSection key={`plan-${user.id}`} />
        <PasswordSection key={`password-${user.id}`} user={user} />
        <DangerZone user={user} />
      </Stack>
    </Container>
  );
}
