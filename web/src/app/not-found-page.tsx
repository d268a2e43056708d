import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import classes from './status-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className={classes.root}>
      <div className={classes.card}>
        <Text className={classes.code} aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1} className={classes.title}>
          {t('notFound.title')}
        </Title>
        <Text size="lg" className={classes.text}>
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/feed" size="md" radius="xl">
          {t('notFound.home')}
        </Button>
      </div>
    </div>
  );
}
