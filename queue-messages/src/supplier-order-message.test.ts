import { describe, expect, it } from 'vitest';
import { supplierOrderAnsweredExample } from './supplier-order-answered';
import { SupplierOrderMessage } from './supplier-order-message';
import { supplierOrderPlacedExample, supplierOrderPlacedV2Example } from './supplier-order-placed';
import { supplierOrderReminderExample } from './supplier-order-reminder';

describe('the supplier-orders queue messages', () => {
  it('reads every example as itself', () => {
    for (const example of [
      supplierOrderPlacedExample,
      supplierOrderPlacedV2Example,
      supplierOrderAnsweredExample,
      supplierOrderReminderExample,
    ]) {
      expect(SupplierOrderMessage.parse(example)).toEqual(example);
    }
  });

  it('keeps a v2 placed message apart from v1 (its owner and checkout are read)', () => {
    const parsed = SupplierOrderMessage.parse(supplierOrderPlacedV2Example);
    expect(parsed.name === 'orders.supplier-order.placed' && parsed.version === 2 && parsed.ownerId).toBe(
      'demo-restaurant',
    );
  });

  it('refuses an unknown message, an unknown version and a v2 without its owner', () => {
    expect(
      SupplierOrderMessage.safeParse({ name: 'orders.supplier-order.unknown', version: 1 }).success,
    ).toBe(false);
    expect(SupplierOrderMessage.safeParse({ ...supplierOrderReminderExample, version: 2 }).success).toBe(
      false,
    );
    const { ownerId: _, ...withoutOwner } = supplierOrderPlacedV2Example;
    expect(SupplierOrderMessage.safeParse(withoutOwner).success).toBe(false);
    expect(
      SupplierOrderMessage.safeParse({ ...supplierOrderAnsweredExample, answerVersion: -1 }).success,
    ).toBe(false);
  });
});
