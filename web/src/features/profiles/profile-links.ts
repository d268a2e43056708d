/** Only web addresses become links: a profile's own text must never run script when clicked. */
export function safeHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** An Instagram profile from a username ("kork.no", "@kork.no") or a full address. */
export function instagramHref(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value) || value.includes('instagram.com')) return safeHref(value);
  const username = value.replace(/^@/, '').trim();
  return /^[A-Za-z0-9._]{1,30}$/.test(username) ? `https://www.instagram.com/${username}/` : undefined;
}

/** The address without its scheme and trailing slash, to show as a link's text. */
export function displayUrl(href: string): string {
  return href.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

/** A country code as its name in the visitor's language; anything else as it is. */
export function countryName(code: string, locale: string | undefined): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
