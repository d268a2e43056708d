import { Badge, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';

/** The cellar assistant has not landed yet; the home says so rather than hiding it. */
export function AssistantNotice() {
  const { t } = useTranslation();
  return (
    <section className={classes.notice} aria-labelledby="cellar-assistant-heading">
      <ThemeIcon size={48} radius="xl" color="cork" variant="light" aria-hidden>
        <IconSparkles size={26} stroke={1.5} />
      </ThemeIcon>
      <div>
        <Badge variant="light" color="cork" radius="sm" mb={6}>
          {t('comingSoon.badge')}
        </Badge>
        <Title order={2} id="cellar-assistant-heading" className={classes.noticeTitle}>
          {t('cellarReview.home.assistant.title')}
        </Title>
        <Text>{t('cellarReview.home.assistant.text')}</Text>
      </div>
    </section>
  );
}
