import type { SupplierOrderView } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { CHOOSE_ANSWER, confirmAll, draftFromView, hasChoice, toAnswerInput } from './answer-form';

function line(
  lineId: string,
  units: number,
  answer: Partial<SupplierOrderView['lines'][number]['answer']> = {},
) {
  return {
    lineId,
    wineId: `wine-${lineId}`,
    wineDisplayName: `Wine ${lineId}`,
    units,
    unitCost: 150,
    answer: { state: 'waiting' as const, orderedUnits: units, ...answer },
  };
}

function view(overrides: Partial<SupplierOrderView> = {}): SupplierOrderView {
  return {
    ownerId: 'owner-1',
    orderId: 'order-1',
    supplierId: 'sup-vinmonopolet',
    supplierName: 'Vinimport AS',
    buyerName: 'Bistro',
    buyerEmail: 'bistro@example.com',
    billing: {
      organizationNumber: '923609016',
      invoiceMethod: 'ehf',
      name: 'Bistro AS',
      street: 'Gate 1',
      postalCode: '0150',
      city: 'Oslo',
    },
    delivery: { recipient: 'Bistro', street: 'Gate 1', postalCode: '0150', city: 'Oslo' },
    placedAt: '2026-11-20T10:00:00.000Z',
    status: 'placed',
    supplierState: 'waiting',
    lines: [line('l1', 12), line('l2', 6)],
    totalCost: 2700,
    currency: 'NOK',
    version: 3,
    closed: false,
    ...overrides,
  } as SupplierOrderView;
}

describe('the supplier answer form', () => {
  it('starts with no choice on waiting lines and the answers of answered ones', () => {
    const draft = draftFromView(
      view({
        lines: [
          line('l1', 12),
          line('l2', 4, {
            state: 'modified',
            orderedUnits: 6,
            substitute: { name: 'Other wine' },
            comment: 'Short',
          }),
        ],
        deliveryDate: '2026-11-27',
      }),
      'nb',
    );
    expect(draft.lines.l1?.action).toBeNull();
    expect(draft.lines.l2).toEqual({
      action: 'modify',
      quantity: '4',
      substituteName: 'Other wine',
      substituteWineId: '',
      comment: 'Short',
    });
    expect(draft.deliveryDate).toBe('2026-11-27');
    expect(hasChoice(draft)).toBe(true);
  });

  it('asks for a choice when no line has one', () => {
    const result = toAnswerInput(view(), draftFromView(view(), 'en'), 'en');
    expect(result).toEqual({ ok: false, errors: { lines: CHOOSE_ANSWER } });
  });

  it('confirms every line with "Confirm all" and sends the order version', () => {
    const order = view();
    const result = toAnswerInput(order, confirmAll(draftFromView(order, 'en')), 'en');
    expect(result).toEqual({
      ok: true,
      answer: {
        lines: [
          { lineId: 'l1', action: 'confirm' },
          { lineId: 'l2', action: 'confirm' },
        ],
        version: 3,
      },
    });
  });

  it('sends a changed line with its bottles, substitute and comment, trimmed, and leaves unchosen lines out', () => {
    const order = view();
    const draft = draftFromView(order, 'nb');
    draft.lines.l1 = {
      action: 'modify',
      quantity: ' 10 ',
      substituteName: '  Barolo 2019 ',
      substituteWineId: '',
      comment: ' Only ten left ',
    };
    draft.deliveryDate = '2026-12-01';
    const result = toAnswerInput(order, draft, 'nb');
    expect(result).toEqual({
      ok: true,
      answer: {
        lines: [
          {
            lineId: 'l1',
            action: 'modify',
            quantity: 10,
            substituteName: 'Barolo 2019',
            comment: 'Only ten left',
          },
        ],
        deliveryDate: '2026-12-01',
        version: 3,
      },
    });
  });

  it('drops a changed line’s fields when the line is confirmed or rejected instead', () => {
    const order = view();
    const draft = draftFromView(order, 'en');
    draft.lines.l2 = {
      action: 'reject',
      quantity: '3',
      substituteName: 'X',
      substituteWineId: '',
      comment: '',
    };
    const result = toAnswerInput(order, draft, 'en');
    expect(result.ok && result.answer.lines).toEqual([{ lineId: 'l2', action: 'reject' }]);
  });

  it('names the line whose bottles are no whole number from 1', () => {
    const order = view();
    for (const quantity of ['0', '2,5', 'ten', '']) {
      const draft = draftFromView(order, 'nb');
      draft.lines.l2 = { action: 'modify', quantity, substituteName: '', substituteWineId: '', comment: '' };
      const result = toAnswerInput(order, draft, 'nb');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors)).toEqual(['l2.quantity']);
    }
  });

  it('refuses a delivery date that is no date', () => {
    const order = view();
    const draft = confirmAll(draftFromView(order, 'en'));
    draft.deliveryDate = '2026-13-45';
    const result = toAnswerInput(order, draft, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['deliveryDate']);
  });
});
