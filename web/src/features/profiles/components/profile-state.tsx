import { Button, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';

/** While a profile loads: the shape of the header. */
export function ProfileSkeleton() {
  return (
    <Container size={880} py={48}>
      <Stack gap="md" aria-busy="true">
        <Group gap="lg">
          <Skeleton circle height={96} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={32} width="50%" />
            <Skeleton height={18} width="30%" />
          </Stack>
        </Group>
        <Skeleton height={120} radius="lg" />
      </Stack>
    </Container>
  );
}

/** A profile that does not exist, or could not be fetched. */
export function ProfileProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {notFound ? t('publicProfile.notFound') : t('publicProfile.error')}
        </Title>
        <Group>
          {!notFound && (
            <Button radius="xl" onClick={onRetry}>
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
