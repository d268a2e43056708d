import type { Locale } from '@kork/shared';

/** The PDF's file name: the list's name in lower-case ASCII words joined by hyphens ("vin-pa-glass.pdf"). */
export function pdfFileName(listName: string): string {
  const slug = listName
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'wine-list'}.pdf`;
}

/**
 * A name as typed, made fit for a file: no characters file systems refuse, no control characters or
 * lone surrogates (they have no UTF-8), one space between words, at most 120 characters.
 */
export function readableFileName(name: string): string {
  const cleaned = name
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, 120).join('').trim();
}

/** The word that tells a list's two copies apart in their file names, in the request's language. */
const COPY_WORDS = {
  en: { guest: 'guest', staff: 'staff' },
  nb: { guest: 'gjest', staff: 'personale' },
} as const satisfies Record<Locale, Record<PdfCopy, string>>;

export type PdfCopy = 'guest' | 'staff';

/**
 * A copy's file names: a plain ASCII slug with the copy's word (`vin-pa-glass-personale.pdf`), and the
 * list's own name as typed (`Vin på glass (personale).pdf`) for clients that read UTF-8 names. The guest
 * and the staff copy never share a name.
 */
export function copyFileNames(
  listName: string,
  copy: PdfCopy,
  locale: Locale,
): { ascii: string; utf8: string } {
  const word = COPY_WORDS[locale][copy];
  const slug = pdfFileName(listName).replace(/\.pdf$/, '');
  const readable = readableFileName(listName) || slug;
  return { ascii: `${slug}-${word}.pdf`, utf8: `${readable} (${word}).pdf` };
}

/**
 * `Content-Disposition` for a download (RFC 6266): `filename` is the ASCII name every client reads,
 * `filename*` the UTF-8 name (RFC 8187) for those that read it. The ASCII name must be a slug (no quotes
 * or backslashes).
 */
export function attachmentDisposition(ascii: string, utf8 = ascii): string {
  const encoded = encodeURIComponent(utf8).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
