import { ActionIcon, Button, Group, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { StoreBadges } from '../../components/store-badges';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from '../../lib/links';
import { useSession } from '../../lib/session';
import classes from './footer.module.css';

const SOCIAL = [
  { href: SOCIAL_LINKS.instagram, label: 'footer.social.instagram', Icon: IconBrandInstagram },
  { href: SOCIAL_LINKS.facebook, label: 'footer.social.facebook', Icon: IconBrandFacebook },
  { href: SOCIAL_LINKS.linkedin, label: 'footer.social.linkedin', Icon: IconBrandLinkedin },
] as const;

export function Footer() {
  const { t } = useTranslation();
  // Register and log in are for visitors only (SPEC §2), decided by the viewer, not by a stored token.
  const visitor = useSession().status === 'anonymous';
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          <Logo tone="light" size={34} />
          <Text className={classes.tagline}>{t('footer.tagline')}</Text>
          <Group gap="xs" mt="md">
            {SOCIAL.map(({ href, label, Icon }) => (
              <ActionIcon
                key={href}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(label)}
                size="lg"
                radius="xl"
                variant="subtle"
                className={classes.social}
              >
                <Icon size={20} stroke={1.6} aria-hidden />
              </ActionIcon>
            ))}
          </Group>
        </div>

        {visitor && (
          <div className={classes.column}>
            <Title order={2} className={classes.heading}>
              {t('footer.join.title')}
            </Title>
            <Text className={classes.text}>{t('footer.join.text')}</Text>
            <Group gap="sm" mt="sm">
              <Button component={Link} to="/registration" radius="xl" className={classes.register}>
                {t('footer.join.register')}
              </Button>
              <Button component={Link} to="/sign-in" radius="xl" variant="outline" className={classes.login}>
                {t('footer.join.login')}
              </Button>
            </Group>
          </div>
        )}

        <div className={classes.column}>
          <Title order={2} className={classes.heading}>
            {t('footer.app.title')}
          </Title>
          <Text className={classes.text}>{t('footer.app.text')}</Text>
          <div className={classes.badges}>
            <StoreBadges />
          </div>
        </div>
      </div>

      <div className={classes.bottom}>
        <Text size="sm" className={classes.copyright}>
          {t('footer.copyright', { year })}
        </Text>
        <nav aria-label={t('footer.legalNav')} className={classes.legal}>
          <Link to="/terms-of-use">{t('footer.terms')}</Link>
          <Link to="/privacy-policy">{t('footer.privacy')}</Link>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{t('footer.contact')}</a>
        </nav>
      </div>
    </footer>
  );
}
