import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { Logo } from '../../../components/logo';
import { usePageTitle } from '../../../lib/use-page-title';
import classes from './auth-frame.module.css';

interface AuthFrameProps {
  title: string;
  description?: string | undefined;
  children?: ReactNode;
  /** Links to the other auth screens. */
  footer?: ReactNode;
  /** Room for a form in steps (registration) rather than a single column of fields. */
  wide?: boolean;
}

/**
 * Auth screens stand alone, without the navbar and footer (SPEC §2): a wine-coloured panel with the
 * brand beside a plain column for the form. On a phone the panel shrinks to a strip with the logo.
 */
export function AuthFrame({ title, description, children, footer, wide = false }: AuthFrameProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className={classes.frame}>
      <aside className={classes.panel}>
        <div className={classes.panelTop}>
          <Link to="/feed" className={classes.brand} aria-label={t('auth.backHome')}>
            <Logo tone="light" size={36} />
          </Link>
          {/* These screens have no navbar, so the language choice comes along. */}
          <LanguageSwitch />
        </div>
        <div className={classes.panelCopy}>
          <Title order={2} className={classes.panelTitle}>
            {t('auth.panel.title')}
          </Title>
          <Text className={classes.panelText}>{t('auth.panel.text')}</Text>
        </div>
      </aside>
      <div className={classes.column}>
        <div className={classes.content} data-wide={wide || undefined}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
          {children}
          {footer && <div className={classes.footer}>{footer}</div>}
        </div>
      </div>
    </div>
  );
}
