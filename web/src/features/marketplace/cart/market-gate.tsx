import { Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCellarId } from './cart-queries';

interface MarketGateProps {
  title: string;
  /** Where the page is, for the sign-in link to come back to. */
  path: string;
  /** The page for a business, with its cellar (the cart's routes name it). */
  children: (cellarId: string, userId: string) => ReactNode;
}

/**
 * A cart page of a business, in the app's page container, with the app's query cache: a skeleton while the session and the cellar
 * load; visitors and private accounts see that ordering is for professional accounts (SPEC §6), with
 * the HORECA banner's words, never an error.
 */
export function MarketGate(props: MarketGateProps) {
  return (
    <QueryProvider>
      {/* The app's page container, as the suppliers' pages have it: side padding at every width. */}
      <Container size="lg" py="lg" data-testid="market-page">
        <Gate {...props} />
      </Container>
    </QueryProvider>
  );
}

function Loading() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={36} width="40%" />
      <Skeleton height={120} />
    </Stack>
  );
}

function Gate({ title, path, children }: MarketGateProps) {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(title);
  const business = session.status === 'authenticated' && session.user.isBusiness;
  const userId = business ? session.user.id : undefined;
  const cellar = useCellarId(userId);
  if (session.status === 'loading') return <Loading />;
  if (!business)
    return <ProfessionalOnly title={title} path={path} signedIn={session.status !== 'anonymous'} />;
  if (cellar.isError)
    return (
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text role="alert">{t('marketCart.loadError')}</Text>
      </Stack>
    );
  if (!cellar.data || !userId) return <Loading />;
  return children(cellar.data, userId);
}

/** "Ordering is for professional accounts", with the marketplace's pitch and a way in. */
export function ProfessionalOnly({
  title,
  path,
  signedIn,
}: {
  title: string;
  path: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="lg" data-testid="professional-only">
        <Stack gap="sm">
          <Text size="sm" fw={600} c="dimmed">
            {t('home.horeca.eyebrow')}
          </Text>
          <Title order={2} size="h3">
            {t('home.horeca.title')}
          </Title>
          <Text>{t('home.horeca.text')}</Text>
          <Text fw={600}>{t('marketCart.professionalOnly')}</Text>
          {!signedIn && (
            <Stack gap={6} align="flex-start">
              <Button component={Link} to="/registration" radius="xl">
                {t('home.horeca.cta')}
              </Button>
              <Anchor component={Link} to={`/sign-in?redirect=${encodeURIComponent(path)}`} size="sm">
                {t('marketCart.signIn')}
              </Anchor>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
