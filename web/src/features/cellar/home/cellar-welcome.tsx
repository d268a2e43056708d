import { Button, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBottle, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CELLAR_ICONS } from '../cellar-icons';
import { useBusinessCellar } from '../cellar-menu';
import { cellarPath, sectionsFor } from '../cellar-sections';
import classes from './dashboard.module.css';

/** A cellar with no wines yet: the first step, and what the cellar will hold once it fills up. */
export function CellarWelcome() {
  const { t } = useTranslation();
  // The sections the viewer's menu offers: a private cellar is not shown the trade ones.
  const sections = sectionsFor(useBusinessCellar() === true).filter((section) => section.key !== 'home');

  return (
    <>
      <section className={classes.welcome} aria-labelledby="cellar-welcome-heading">
        <ThemeIcon size={56} radius="xl" variant="light" color="wine" aria-hidden>
          <IconBottle size={30} stroke={1.5} />
        </ThemeIcon>
        <div>
          <Title order={2} id="cellar-welcome-heading" className={classes.noticeTitle}>
            {t('cellarReview.home.welcome.title')}
          </Title>
          <Text mb="md">{t('cellarReview.home.welcome.text')}</Text>
          <Button
            component={Link}
            to="/wine-cellar/wines"
            radius="xl"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('cellarReview.home.welcome.add')}
          </Button>{' '}
          <Button
            component={Link}
            to="/wine-cellar/batch-import"
            variant="default"
            radius="xl"
            leftSection={<IconFileImport size={16} aria-hidden />}
          >
            {t('importsPage.entry')}
          </Button>
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
    </>
  );
}
