import { Badge, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './cellar-home-page.module.css';
import { CELLAR_ICONS } from './cellar-icons';
import { CELLAR_SECTIONS, cellarPath } from './cellar-sections';

/**
 * The cellar's front door. The dashboard and the assistant have not landed yet, so the page says so and
 * shows what each section will hold instead of empty charts.
 */
export function CellarHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('cellar.sections.home.title'));
  const sections = CELLAR_SECTIONS.filter((section) => section.key !== 'home');

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Text className={classes.eyebrow}>{t('cellar.title')}</Text>
        <Title order={1} className={classes.title}>
          {t('cellar.home.heading')}
        </Title>
        <Text size="lg" className={classes.lead}>
          {t('cellar.sections.home.description')}
        </Text>
      </header>

      <section className={classes.notice} aria-labelledby="cellar-dashboard-heading">
        <ThemeIcon size={48} radius="xl" color="cork" variant="light" aria-hidden>
          <IconSparkles size={26} stroke={1.5} />
        </ThemeIcon>
        <div>
          <Badge variant="light" color="cork" radius="sm" mb={6}>
            {t('comingSoon.badge')}
          </Badge>
          <Title order={2} id="cellar-dashboard-heading" className={classes.noticeTitle}>
            {t('cellar.home.dashboardTitle')}
          </Title>
          <Text>{t('cellar.home.dashboardText')}</Text>
        </div>
      </section>

      <section aria-labelledby="cellar-sections-heading">
        <Title order={2} id="cellar-sections-heading" className={classes.sectionsTitle}>
          {t('cellar.home.sectionsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {sections.map((section) => {
            const Icon = CELLAR_ICONS[section.key];
            return (
              <Card
                key={section.key}
                component={Link}
                to={cellarPath(section)}
                className={classes.card}
                withBorder
              >
                <ThemeIcon size={40} radius="md" variant="light" color="wine" aria-hidden>
                  <Icon size={22} stroke={1.6} />
                </ThemeIcon>
                <Text fw={700} mt="sm" className={classes.cardTitle}>
                  {t(`cellar.sections.${section.key}.title`)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`cellar.sections.${section.key}.description`)}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </section>
    </div>
  );
}
