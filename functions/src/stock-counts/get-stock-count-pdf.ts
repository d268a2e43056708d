import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { attachmentDisposition } from '../wine-lists/pdf/file-name';
import { stockCountPdf } from './stock-count-pdf';

/** The count's report as a PDF, in the request's language. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/stock-counts/{countId}/pdf',
  { params: pathIds('id', 'countId'), owner: 'id' },
  async (req) => {
    const pdf = await stockCountPdf(req.params.id ?? '', req.params.countId ?? '', req.locale);
    return {
      file: { bytes: pdf.bytes, contentType: 'application/pdf' },
      headers: { 'content-disposition': attachmentDisposition(pdf.fileName, pdf.readableName) },
    };
  },
);
