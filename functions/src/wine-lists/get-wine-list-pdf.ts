import { pathIds, WineListPdfQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { attachmentDisposition } from './pdf/file-name';
import { wineListPdf } from './pdf/wine-list-pdf';

/**
 * The list's PDF, guest copy by default (`copy=staff` adds the private note), named after the list and
 * the copy, so the two never download under one name. Downloading it records
 * what was printed, so the editor can show what changed since.
 */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/wine-lists/{listId}/pdf',
  { params: pathIds('id', 'listId'), query: WineListPdfQuery, owner: 'id' },
  async (req) => {
    const ownerId = req.params.id ?? '';
    const listId = req.params.listId ?? '';
    const pdf = await wineListPdf(ownerId, listId, {
      locale: req.locale,
      staff: req.query.copy === 'staff',
      log: req.log,
    });
    return {
      file: { bytes: pdf.bytes, contentType: 'application/pdf' },
      headers: { 'content-disposition': attachmentDisposition(pdf.fileNames.ascii, pdf.fileNames.utf8) },
    };
  },
);
