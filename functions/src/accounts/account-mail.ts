import type { Locale } from '@kork/shared';
import type { MailMessage } from '../adapters/mail';

const TEXT = {
  verify: {
    en: {
      subject: 'Confirm your email for Kork',
      body: (name: string, link: string) =>
        `Hi ${name},\n\nWelcome to Kork! Confirm your email address to sign in:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not register, ignore this mail.`,
    },
    nb: {
      subject: 'Bekreft e-postadressen din for Kork',
      body: (name: string, link: string) =>
        `Hei ${name},\n\nVelkommen til Kork! Bekreft e-postadressen din for å logge inn:\n\n${link}\n\nLenken virker én gang og utløper om 48 timer. Har du ikke registrert deg, kan du se bort fra denne e-posten.`,
    },
  },
  reset: {
    en: {
      subject: 'Reset your Kork password',
      body: (name: string, link: string) =>
        `Hi ${name},\n\nSomeone asked to reset the password of your Kork account. Choose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.`,
    },
    nb: {
      subject: 'Tilbakestill passordet ditt i Kork',
      body: (name: string, link: string) =>
        `Hei ${name},\n\nNoen ba om å tilbakestille passordet til Kork-kontoen din. Velg et nytt passord her:\n\n${link}\n\nLenken virker én gang og utløper om 1 time. Var det ikke deg, kan du se bort fra denne e-posten: passordet ditt forblir som det er.`,
    },
  },
} as const;

export function accountMail(
  kind: 'verify' | 'reset',
  locale: Locale,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const text = TEXT[kind][locale];
  const body = text.body(name, link);
  const html = body
    .split('\n\n')
    .map((p) =>
      p === link
        ? `<p><a href="${link}">${link}</a></p>`
        : `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
    )
    .join('');
  return { to, subject: text.subject, text: body, html };
}
