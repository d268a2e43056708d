import type { Locale } from '@kork/shared';
import type { MailMessage } from '../adapters/mail';

/** The addresses a mail links to: `link` for a one-time link, `logIn` and `recovery` for the notice. */
interface Links {
  link?: string;
  logIn?: string;
  recovery?: string;
}

const TEXT = {
  verify: {
    en: {
      subject: 'Confirm your email for Kork',
      body: (name: string, { link }: Links) =>
        `Hi ${name},\n\nWelcome to Kork! Confirm your email address to sign in:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not register, ignore this mail.`,
    },
    nb: {
      subject: 'Bekreft e-postadressen din for Kork',
      body: (name: string, { link }: Links) =>
        `Hei ${name},\n\nVelkommen til Kork! Bekreft e-postadressen din for å logge inn:\n\n${link}\n\nLenken virker én gang og utløper om 48 timer. Har du ikke registrert deg, kan du se bort fra denne e-posten.`,
    },
  },
  reset: {
    en: {
      subject: 'Reset your Kork password',
      body: (name: string, { link }: Links) =>
        `Hi ${name},\n\nSomeone asked to reset the password of your Kork account. Choose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.`,
    },
    nb: {
      subject: 'Tilbakestill passordet ditt i Kork',
      body: (name: string, { link }: Links) =>
        `Hei ${name},\n\nNoen ba om å tilbakestille passordet til Kork-kontoen din. Velg et nytt passord her:\n\n${link}\n\nLenken virker én gang og utløper om 1 time. Var det ikke deg, kan du se bort fra denne e-posten: passordet ditt forblir som det er.`,
    },
  },
  /** Someone registered with an address that already has an account: its owner hears of it. */
  registrationAttempt: {
    en: {
      subject: 'Someone tried to register with your email on Kork',
      body: (name: string, { logIn, recovery }: Links) =>
        `Hi ${name},\n\nSomeone tried to register a new Kork account with your email address. This address already has an account, so nothing was created and nothing changed.\n\nIf it was you, log in here:\n\n${logIn}\n\nForgot your password? Choose a new one here:\n\n${recovery}\n\nIf it was not you, ignore this mail: your account is as it was.`,
    },
    nb: {
      subject: 'Noen prøvde å registrere seg med e-postadressen din i Kork',
      body: (name: string, { logIn, recovery }: Links) =>
        `Hei ${name},\n\nNoen prøvde å registrere en ny Kork-konto med e-postadressen din. Adressen har allerede en konto, så ingenting ble opprettet og ingenting ble endret.\n\nVar det deg, kan du logge inn her:\n\n${logIn}\n\nGlemt passordet? Velg et nytt her:\n\n${recovery}\n\nVar det ikke deg, kan du se bort fra denne e-posten: kontoen din er som før.`,
    },
  },
  /** The account's data is purged and the account is gone (account deletion's last step). */
  deleted: {
    en: {
      subject: 'Your Kork account is deleted',
      body: (name: string) =>
        `Hi ${name},\n\nYour Kork account and everything in it (your cellar, notes, wine lists, events, sales and orders) are now deleted, as you asked.\n\nThis address is free again: you are welcome to register anew whenever you like.`,
    },
    nb: {
      subject: 'Kork-kontoen din er slettet',
      body: (name: string) =>
        `Hei ${name},\n\nKork-kontoen din og alt i den (kjelleren, notatene, vinlistene, arrangementene, salg og bestillinger) er nå slettet, slik du ba om.\n\nAdressen er ledig igjen: du er velkommen til å registrere deg på nytt når du vil.`,
    },
  },
} as const;

export type AccountMailKind = keyof typeof TEXT;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export function accountMail(
  kind: AccountMailKind,
  locale: Locale,
  to: string,
  name: string,
  links: string | Links,
): MailMessage {
  const text = TEXT[kind][locale];
  const all: Links = typeof links === 'string' ? { link: links } : links;
  const body = text.body(name, all);
  const addresses = new Set(Object.values(all).filter(Boolean));
  const html = body
    .split('\n\n')
    .map((p) =>
      addresses.has(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    )
    .join('');
  return { to, subject: text.subject, text: body, html };
}
