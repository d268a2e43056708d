import type { SupplierAnswerInput, SupplierOrderView } from '@kork/shared';

/**
 * A supplier's answer form for one order: confirm, modify (quantity, substitute, delivery date) or reject
 * each line, sent in one answer with the order's version. Used by the link page and the importer portal.
 */
export function SupplierOrderAnswer(_props: {
  view: SupplierOrderView;
  onAnswer: (answer: SupplierAnswerInput) => Promise<SupplierOrderView>;
}) {
  return null;
}
