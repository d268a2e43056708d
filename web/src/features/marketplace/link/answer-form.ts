import type { Locale } from '@kork/shared';
import { SupplierAnswerInput, type SupplierLineState, type SupplierOrderView } from '@kork/shared';
import { type FieldErrors, schemaErrors } from '../../../lib/form-schema';
import { numberText, schemaNumber } from '../../../lib/number-text';

/**
 * The supplier's answer form as data: one choice per line (confirm, change, reject), a changed line's
 * bottles and substitute, a comment per line and the order's delivery date; and how that becomes the
 * `SupplierAnswerInput` the API takes, judged by the API's own schema. Pure, so it is tested alone.
 */

export type LineAction = 'confirm' | 'modify' | 'reject';

export interface LineDraft {
  /** Nothing chosen yet: the line is left out of the answer. */
  action: LineAction | null;
  /** Bottles as typed (a changed line). */
  quantity: string;
  substituteName: string;
  /** A wine id of the catalogue, when the supplier knows it. */
  substituteWineId: string;
  comment: string;
}

export interface AnswerDraft {
  lines: Record<string, LineDraft>;
  /** `YYYY-MM-DD`, or empty for none. */
  deliveryDate: string;
}

const ACTION_OF_STATE: Record<SupplierLineState, LineAction | null> = {
  waiting: null,
  confirmed: 'confirm',
  modified: 'modify',
  rejected: 'reject',
};

/** The form as the order stands: lines already answered start from their answer. */
export function draftFromView(view: SupplierOrderView, locale: Locale): AnswerDraft {
  const lines: Record<string, LineDraft> = {};
  for (const line of view.lines) {
    lines[line.lineId] = {
      action: ACTION_OF_STATE[line.answer.state],
      quantity: numberText(line.units, locale, 0),
      substituteName: line.answer.substitute?.name ?? '',
      substituteWineId: line.answer.substitute?.wineId ?? '',
      comment: line.answer.comment ?? '',
    };
  }
  return { lines, deliveryDate: view.deliveryDate?.slice(0, 10) ?? '' };
}

/** Every line confirmed ("Confirm all"); what was typed on the lines stays. */
export function confirmAll(draft: AnswerDraft): AnswerDraft {
  const lines: Record<string, LineDraft> = {};
  for (const [id, line] of Object.entries(draft.lines)) lines[id] = { ...line, action: 'confirm' };
  return { ...draft, lines };
}

/** Whether any line has a choice: the answer has something to send. */
export function hasChoice(draft: AnswerDraft): boolean {
  return Object.values(draft.lines).some((line) => line.action !== null);
}

const optional = (text: string): string | undefined => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The answer's body as the form stands (numbers read in the page's language), before the schema judges it. */
export function answerBody(
  view: SupplierOrderView,
  draft: AnswerDraft,
  locale: Locale,
): { lines: Record<string, unknown>[]; deliveryDate?: string; version: number } {
  const lines: Record<string, unknown>[] = [];
  for (const line of view.lines) {
    const entry = draft.lines[line.lineId];
    if (!entry?.action) continue;
    const body: Record<string, unknown> = { lineId: line.lineId, action: entry.action };
    if (entry.action === 'modify') {
      body.quantity = schemaNumber(entry.quantity, locale);
      const substituteName = optional(entry.substituteName);
      const substituteWineId = optional(entry.substituteWineId);
      if (substituteName) body.substituteName = substituteName;
      if (substituteWineId) body.substituteWineId = substituteWineId;
    }
    const comment = optional(entry.comment);
    if (comment) body.comment = comment;
    lines.push(body);
  }
  const deliveryDate = optional(draft.deliveryDate);
  return { lines, ...(deliveryDate ? { deliveryDate } : {}), version: view.version };
}

/** The form's own message when no line has a choice (not an API message: the form never sends it). */
export const CHOOSE_ANSWER = 'chooseAnswer';

export type AnswerResult =
  | { ok: true; answer: SupplierAnswerInput }
  | {
      ok: false;
      /** Per line id and field (`<lineId>.quantity`), and `deliveryDate`, `lines` for the whole form. */
      errors: FieldErrors;
    };

/**
 * The answer to send, or the messages of what the API would refuse: no line chosen, a changed line's
 * bottles that are no whole number from 1, a text too long, a date out of range.
 */
export function toAnswerInput(view: SupplierOrderView, draft: AnswerDraft, locale: Locale): AnswerResult {
  const body = answerBody(view, draft, locale);
  const errors: FieldErrors = {};
  if (body.lines.length === 0) errors.lines = CHOOSE_ANSWER;
  for (const [field, message] of Object.entries(schemaErrors(SupplierAnswerInput, body))) {
    const match = /^lines\.(\d+)\.(\w+)/.exec(field);
    if (match) {
      const line = body.lines[Number(match[1])];
      errors[`${String(line?.lineId)}.${match[2]}`] ??= message;
    } else if (field.startsWith('lines')) {
      errors.lines ??= message;
    } else {
      errors[field] ??= message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, answer: SupplierAnswerInput.parse(body) };
}
