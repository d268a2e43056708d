/** A Vinmonopolet invoice's text as wine lines: Vinmonopolet number, name, quantity, unit price. */
import type { DocumentText } from '../../adapters/documents';
import type { ReadLine } from '../read/read-line';

export function invoiceLines(_document: DocumentText): ReadLine[] {
  throw new Error('invoiceLines: not written yet');
}
