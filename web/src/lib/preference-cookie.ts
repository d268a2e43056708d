import Cookies from 'js-cookie';

const ONE_YEAR_DAYS = 365;

/** Choices a visitor makes without an account (language, currency) last a year on this device. */
export function setPreferenceCookie(name: string, value: string): void {
  Cookies.set(name, value, {
    expires: ONE_YEAR_DAYS,
    path: '/',
    sameSite: 'strict',
    secure: globalThis.location?.protocol === 'https:',
  });
}
