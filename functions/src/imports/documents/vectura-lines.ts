/** A Vectura delivery or order confirmation's text as wine lines: Vectura number, name, quantity, price. */
import type { DocumentText } from '../../adapters/documents';
import type { ReadLine } from '../read/read-line';

export function vecturaLines(_document: DocumentText): ReadLine[] {
  throw new Error('vecturaLines: not written yet');
}
