import { Badge, Button, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { usePageTitle } from '../../../lib/use-page-title';
import classes from './auth-frame.module.css';

interface AuthFrameProps {
  title: string;
  description: string;
  /** Links to the other auth screens. */
  footer?: ReactNode;
}

/**
 * Auth screens stand alone, without the navbar and footer (SPEC §2): a wine-coloured panel with the
 * brand beside a plain column for the form. Until sign-in lands, the column says so.
 */
export function AuthFrame({ title, description, footer }: AuthFrameProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className={classes.frame}>
      <aside className={classes.panel}>
        <Link to="/feed" className={classes.brand} aria-label={t('auth.backHome')}>
          <Logo tone="light" size={36} />
        </Link>
        <div className={classes.panelCopy}>
          <Title order={2} className={classes.panelTitle}>
            {t('auth.panel.title')}
          </Title>
          <Text className={classes.panelText}>{t('auth.panel.text')}</Text>
        </div>
      </aside>
      <div className={classes.column}>
        <div className={classes.content}>
          <Badge variant="light" color="cork" radius="sm">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text size="lg">{description}</Text>
          <Text c="dimmed">{t('auth.notYet')}</Text>
          <Button component={Link} to="/feed" radius="xl" size="md" variant="light" mt="sm">
            {t('auth.backHome')}
          </Button>
          {footer && <div className={classes.footer}>{footer}</div>}
        </div>
      </div>
    </div>
  );
}
