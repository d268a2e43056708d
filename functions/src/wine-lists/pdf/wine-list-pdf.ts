/**
 * A list's PDF as the owner downloads it: the list as it prints now (getWineListDetail), composed for
 * the guest or the staff copy, laid out, and drawn with the list's logo and fonts.
 */
import type { Locale, WineListDetail } from '@kork/shared';
import { composeWineList } from '@kork/shared/wine-list-layout/compose';
import { layoutWineList } from '@kork/shared/wine-list-layout/layout';
import { publicNames } from '../../accounts/public-profiles';
import type { Logger } from '../../platform/logger';
import { wineListLogo } from '../wine-list-logo';
import { getWineListDetail } from '../wine-list-reads';
import { recordPrint } from '../wine-list-writes';
import { copyFileNames } from './file-name';
import { type PrintableLogo, printableLogo } from './logo';
import { renderWineListPdf } from './render';

export interface WineListPdf {
  bytes: Buffer;
  /** The copy's file names: ASCII for `filename`, the list's own name for `filename*`. */
  fileNames: { ascii: string; utf8: string };
  detail: WineListDetail;
}

export interface PdfOptions {
  locale: Locale;
  /** The staff copy prints the private note; the guest copy never does. */
  staff: boolean;
  log: Logger;
}

/** The restaurant's name as the PDF's author: its tasting location's name, else the account's. */
async function authorOf(ownerId: string): Promise<string> {
  const name = (await publicNames([ownerId])).get(ownerId);
  return name?.tastingLocationName || name?.name || 'Kork';
}

/** Lays out and draws a list already read. */
export async function pdfOfDetail(
  detail: WineListDetail,
  options: PdfOptions & { author: string; logo?: PrintableLogo },
): Promise<Buffer> {
  const logo = detail.layout.header.logo ? options.logo : undefined;
  // The list prints in its own language, whoever downloads it.
  const locale = detail.layout.language ?? options.locale;
  const document = composeWineList(
    {
      title: detail.name,
      locale,
      currency: detail.currency,
      sections: detail.sections,
      entries: detail.entries,
      publicUrl: detail.publicUrl,
      hasLogo: logo !== undefined,
      ...(logo ? { logoAspect: logo.width / logo.height } : {}),
      staff: options.staff,
    },
    detail.layout,
  );
  const laidOut = layoutWineList(document, detail.layout);
  return renderWineListPdf(laidOut, logo ? { logo: logo.bytes } : {}, {
    title: detail.name,
    author: options.author,
    date: new Date(detail.updatedAt),
    lang: locale,
  });
}

/**
 * The list's logo ready to print; undefined without one, or when its file is gone or unreadable — the
 * list then prints without it rather than not at all.
 */
async function logoOf(detail: WineListDetail, log: Logger): Promise<PrintableLogo | undefined> {
  if (!detail.layout.header.logo || !detail.logoUrl) return undefined;
  try {
    const stored = await wineListLogo(detail);
    return stored ? await printableLogo(stored.bytes) : undefined;
  } catch (error) {
    log.warn('wine list logo left out', { logoUrl: detail.logoUrl, error });
    return undefined;
  }
}

/**
 * `GET …/wine-lists/{listId}/pdf`: the owner's list (404 for another cellar's), drawn and then recorded
 * as printed (what printed, at which price), so the editor can show what changed since.
 */
export async function wineListPdf(
  ownerId: string,
  listId: string,
  options: PdfOptions,
): Promise<WineListPdf> {
  const detail = await getWineListDetail(ownerId, listId, options.locale);
  const [author, logo] = await Promise.all([authorOf(ownerId), logoOf(detail, options.log)]);
  const bytes = await pdfOfDetail(detail, { ...options, author, ...(logo ? { logo } : {}) });
  await recordPrint(ownerId, listId, detail.entries);
  return {
    bytes,
    fileNames: copyFileNames(
      detail.name,
      options.staff ? 'staff' : 'guest',
      detail.layout.language ?? options.locale,
    ),
    detail,
  };
}
