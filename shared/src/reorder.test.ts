import { describe, expect, it } from 'vitest';
import { CellarWineUpdate } from './cellar-wines/inputs';
import {
  COVER_DAYS,
  DEFAULT_LEAD_TIME_DAYS,
  ReorderCartInput,
  reorderSuggestion,
  roundToCases,
  SAFETY_DAYS,
} from './reorder';

describe('roundToCases', () => {
  it('rounds up to whole cases and never past the supplier stock', () => {
    expect(roundToCases(7, 6)).toBe(12);
    expect(roundToCases(12, 6)).toBe(12);
    expect(roundToCases(1, 12)).toBe(12);
    expect(roundToCases(7, 6, 10)).toBe(10);
    expect(roundToCases(5, 1)).toBe(5);
    expect(roundToCases(0, 6)).toBe(0);
    expect(roundToCases(-3, 6)).toBe(0);
  });
});

describe('reorderSuggestion', () => {
  it('works the reorder point and par out of 90 days of sales and the lead time', () => {
    // 180 bottles in 90 days: 2 a day. Lead time 3 days → 6; safety 7 days → 14; reorder point 20.
    // Par = 20 + 14 days × 2 = 48. 15 in stock: due; 48 − 15 = 33 → six cases of 6 = 36.
    const s = reorderSuggestion({ inStock: 15, sold: 180, leadTimeDays: 3, supplierCaseSize: 6 });
    expect(s.reason).toMatchObject({
      dailyUse: 2,
      leadTimeDays: 3,
      leadTimeFrom: 'supplier',
      safetyStock: 2 * SAFETY_DAYS,
      reorderPoint: 20,
      reorderPointFrom: 'suggested',
      parLevel: 20 + 2 * COVER_DAYS,
      caseSize: 6,
      daysLeft: 7,
    });
    expect(s.due).toBe(true);
    expect(s.quantity).toBe(36);
  });

  it('takes the default lead time without a supplier and rounds part-bottles up', () => {
    // 45 in 90 days: 0.5 a day; 7 days lead → 3.5 → 4; safety 3.5 → 4; reorder point 8; par 8 + 7 = 15.
    const s = reorderSuggestion({ inStock: 8, sold: 45 });
    expect(s.reason.leadTimeDays).toBe(DEFAULT_LEAD_TIME_DAYS);
    expect(s.reason.leadTimeFrom).toBe('default');
    expect(s.reason.reorderPoint).toBe(8);
    expect(s.reason.parLevel).toBe(15);
    expect(s.due).toBe(true);
    expect(s.quantity).toBe(7);
  });

  it('is not due above the reorder point, nor for a wine nobody buys and nobody set levels for', () => {
    expect(reorderSuggestion({ inStock: 21, sold: 180, leadTimeDays: 3 }).due).toBe(false);
    const idle = reorderSuggestion({ inStock: 0, sold: 0 });
    expect(idle.due).toBe(false);
    expect(idle.quantity).toBe(0);
  });

  it("uses the owner's levels and case size, and stays within the supplier's stock", () => {
    const s = reorderSuggestion({
      inStock: 2,
      sold: 0,
      reorderPoint: 3,
      parLevel: 24,
      caseSize: 12,
      supplierCaseSize: 6,
      supplierStock: 18,
    });
    expect(s.reason).toMatchObject({ reorderPointFrom: 'set', parLevelFrom: 'set', caseSize: 12 });
    // 22 wanted → 24 in cases of 12, but the supplier has 18.
    expect(s.quantity).toBe(18);
    expect(s.reason.supplierStock).toBe(18);
  });

  it('reads a par under the reorder point as the reorder point', () => {
    const s = reorderSuggestion({ inStock: 1, sold: 0, reorderPoint: 6, parLevel: 2 });
    expect(s.reason.parLevel).toBe(6);
    expect(s.quantity).toBe(5);
  });
});

describe('par level fields', () => {
  it('take whole bottles within bounds and a par at least the reorder point', () => {
    expect(CellarWineUpdate.safeParse({ parLevel: 24, reorderPoint: 6, caseSize: 6 }).success).toBe(true);
    expect(CellarWineUpdate.safeParse({ parLevel: null }).success).toBe(true);
    expect(CellarWineUpdate.safeParse({ parLevel: 2.5 }).success).toBe(false);
    expect(CellarWineUpdate.safeParse({ reorderPoint: -1 }).success).toBe(false);
    expect(CellarWineUpdate.safeParse({ caseSize: 0 }).success).toBe(false);
    expect(CellarWineUpdate.safeParse({ caseSize: 49 }).success).toBe(false);
    const under = CellarWineUpdate.safeParse({ parLevel: 2, reorderPoint: 6 });
    expect(under.error?.issues[0]?.message).toBe('parUnderReorderPoint');
  });

  it('bound a reorder to at least one line of whole bottles', () => {
    expect(ReorderCartInput.safeParse({ lines: [] }).success).toBe(false);
    expect(ReorderCartInput.safeParse({ lines: [{ ownWineId: 'w1', quantity: 0 }] }).success).toBe(false);
    expect(ReorderCartInput.safeParse({ lines: [{ ownWineId: 'w1', quantity: 6 }] }).success).toBe(true);
  });
});
