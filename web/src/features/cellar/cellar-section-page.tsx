import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';
import { CELLAR_ICONS } from './cellar-icons';
import classes from './cellar-layout.module.css';
import { CELLAR_BASE, CELLAR_SECTIONS, type CellarSectionKey } from './cellar-sections';

function isSectionKey(value: unknown): value is CellarSectionKey {
  return CELLAR_SECTIONS.some((section) => section.key === value);
}

/** The section the router says this is (route `handle.cellarSection`). */
function useCellarSection(): CellarSectionKey {
  const handle = useMatches().at(-1)?.handle as { cellarSection?: unknown } | undefined;
  return isSectionKey(handle?.cellarSection) ? handle.cellarSection : 'home';
}

/** A cellar section whose feature has not landed: its name and what it will do. */
export function CellarSectionPage() {
  const { t } = useTranslation();
  const section = useCellarSection();
  const Icon = CELLAR_ICONS[section];
  return (
    <ComingSoon
      title={t(`cellar.sections.${section}.title`)}
      description={t(`cellar.sections.${section}.description`)}
      icon={<Icon size={32} stroke={1.5} />}
    />
  );
}

/**
 * A business section opened by a private cellar (an old link, a typed address): what the section is
 * for, and the way back to the cellar's home, instead of a page that cannot work for them.
 */
export function BusinessOnlyPage({ section }: { section: CellarSectionKey }) {
  const { t } = useTranslation();
  const name = t(`cellar.sections.${section}.title`);
  const title = t('cellar.businessOnly.title', { section: name });
  usePageTitle(title);
  return (
    <Container size="sm" className={classes.businessOnly}>
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="wine" aria-hidden>
          <IconBuildingStore size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} className={classes.businessOnlyTitle}>
          {title}
        </Title>
        <Text c="dimmed">{t(`cellar.sections.${section}.description`)}</Text>
        <Text>{t('cellar.businessOnly.text')}</Text>
        <Button component={Link} to={`${CELLAR_BASE}/home`} radius="xl">
          {t('cellar.businessOnly.home')}
        </Button>
      </Stack>
    </Container>
  );
}
