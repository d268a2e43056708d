import { Badge, Container, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';
import classes from './coming-soon.module.css';

interface ComingSoonProps {
  title: string;
  /** One line on what the screen will do once it has landed. */
  description: string;
  icon?: ReactNode;
  /** Extra content below the notice, such as links onward. */
  children?: ReactNode;
}

/** The honest answer for a screen whose feature has not landed yet: its name, its purpose, "coming soon". */
export function ComingSoon({ title, description, icon, children }: ComingSoonProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Container size="sm" className={classes.root}>
      <div className={classes.card}>
        <ThemeIcon size={64} radius="xl" variant="light" color="wine" className={classes.icon} aria-hidden>
          {icon ?? <IconHourglassHigh size={32} stroke={1.5} />}
        </ThemeIcon>
        <Badge variant="light" color="cork" size="lg" radius="sm" className={classes.badge}>
          {t('comingSoon.badge')}
        </Badge>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text size="lg" className={classes.description}>
          {description}
        </Text>
        <Text c="dimmed" size="sm">
          {t('comingSoon.notice')}
        </Text>
        {children}
      </div>
    </Container>
  );
}
