/** Kork's own pages elsewhere; one place so the footer, the app banner and later screens agree. */
export const SUPPORT_EMAIL = 'support@kork.no';

export const SOCIAL_LINKS = {
  instagram: 'https://www.instagram.com/kork.no/',
  facebook: 'https://www.facebook.com/kork.no/',
  linkedin: 'https://www.linkedin.com/company/kork-no/',
} as const;

export const APP_STORE_URL = 'https://apps.apple.com/no/search?term=kork';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/search?q=kork&c=apps';

/** The store for the visitor's phone: the App Store on iPhone and iPad, Google Play elsewhere. */
export function appStoreForDevice(userAgent: string): string {
  return /iPhone|iPad|iPod/i.test(userAgent) ? APP_STORE_URL : GOOGLE_PLAY_URL;
}
