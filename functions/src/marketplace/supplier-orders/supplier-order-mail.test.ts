import { supplierOrderPlacedExample } from '@kork/queue-messages';
import { describe, expect, it } from 'vitest';
import { supplierOrderMail } from './supplier-order-mail';

describe('the mail a supplier receives', () => {
  it('goes to the supplier, answers to the buyer and lists lines and total', () => {
    const mail = supplierOrderMail(supplierOrderPlacedExample);
    expect(mail.to).toBe('orders@vinimport.example');
    expect(mail.replyTo).toBe('post@fjord.example');
    expect(mail.subject).toContain(supplierOrderPlacedExample.orderId);
    expect(mail.text).toContain('6 × Barolo 2019 à 450.00 NOK');
    expect(mail.text).toContain('Total: 2700.00 NOK');
    expect(mail.text).toContain('Note: Deliver before Friday');
  });
});
