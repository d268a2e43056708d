import type { Cart, CartSupplierGroup, User } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { checkoutReadiness, supplierProblems } from './cart-format';
import { checkoutErrors, checkoutValues, parsedCheckout, toCheckoutInput } from './checkout-form';

const filled = () => {
  const values = checkoutValues(undefined, undefined);
  values.billing = {
    organizationNumber: '123 456 785',
    invoiceMethod: 'email',
    invoiceEmail: 'faktura@example.com',
    name: 'Demo AS',
    street: 'Gate 1',
    postalCode: '0154',
    city: 'Oslo',
    phone: '',
  };
  values.delivery = {
    recipient: 'Kitchen',
    street: 'Gate 2',
    postalCode: '0155',
    city: 'Oslo',
    phone: ' ',
    careOf: '',
    tineNumber: '',
  };
  return values;
};

describe('checkout form', () => {
  it('names what is missing in the words of §8, not a bare "Required"', () => {
    const errors = checkoutErrors(checkoutValues(undefined, undefined));
    expect(errors['billing.organizationNumber']).toBe('Missing organization number');
    expect(errors['billing.name']).toBe('Missing name');
    expect(errors['billing.street']).toBe('Missing billing address');
    expect(errors['delivery.street']).toBe('Missing delivery address');
    expect(errors['delivery.recipient']).toBe('Missing name');
    expect(errors['billing.invoiceEmail']).toBe('Required');
  });

  it('refuses an organization number whose mod-11 check digit does not match', () => {
    const values = filled();
    values.billing.organizationNumber = '123456789';
    expect(checkoutErrors(values)['billing.organizationNumber']).toBe(
      'Not a valid organization number: the check digit does not match',
    );
  });

  it('sends no empty optional text, and an invoice e-mail only when there is one or invoices go by e-mail', () => {
    const values = filled();
    expect(checkoutErrors(values)).toEqual({});
    const input = toCheckoutInput(values, 7);
    expect(input.delivery).not.toHaveProperty('phone');
    expect(input).not.toHaveProperty('note');
    expect(input.version).toBe(7);
    values.billing.invoiceMethod = 'ehf';
    values.billing.invoiceEmail = '';
    expect(toCheckoutInput(values, undefined).billing).not.toHaveProperty('invoiceEmail');
    expect(parsedCheckout(values, 1)?.billing.organizationNumber).toBe('123456785');
  });

  it('starts from the details used last time, else from the account', () => {
    const user = {
      email: 'chef@example.com',
      fullName: 'Chef',
      tastingLocationName: 'Bistro',
      organizationNumber: '123456785',
    } as User;
    const values = checkoutValues(undefined, user);
    expect(values.billing).toMatchObject({
      organizationNumber: '123456785',
      invoiceEmail: 'chef@example.com',
      name: 'Bistro',
    });
    expect(values.delivery.recipient).toBe('Bistro');
  });
});

describe('supplierProblems', () => {
  const supplier = (id: string, name: string) =>
    ({
      id,
      name,
      minimumOrder: 2000,
      minimumOrderMinor: 200_000,
      currency: 'NOK',
    }) as CartSupplierGroup['supplier'];
  const line = (id: string, name: string, over: Partial<CartSupplierGroup['lines'][number]> = {}) =>
    ({
      id,
      quantity: 6,
      exceedsStock: false,
      wine: { name, stock: 40 },
      ...over,
    }) as CartSupplierGroup['lines'][number];
  const cart = (groups: Partial<CartSupplierGroup>[]) =>
    ({ groups: groups.map((g) => ({ lines: [], belowMinimum: false, ...g })) }) as unknown as Cart;

  it('names each problem under its supplier, and leaves the suppliers that can go out', () => {
    const three = cart([
      { supplier: supplier('s1', 'Vinimport AS'), lines: [line('l1', 'Barolo')] },
      {
        supplier: supplier('s2', 'Fjord Vin'),
        lines: [line('l2', 'Chablis', { exceedsStock: true, wine: { name: 'Chablis', stock: 5 } as never })],
        belowMinimum: true,
      },
      {
        supplier: supplier('s3', 'Nord'),
        lines: [line('l3', 'Rioja', { exceedsStock: true, wine: { name: 'Rioja', stock: 0 } as never })],
      },
    ]);
    const problems = supplierProblems(three, 'en');
    expect([...problems.keys()]).toEqual(['s2', 's3']);
    expect(problems.get('s2')?.problems).toEqual([
      'Chablis: Only 5 in stock',
      expect.stringMatching(/^Below the supplier's minimum order of /),
    ]);
    expect(problems.get('s3')?.problems).toEqual(['Rioja: Out of stock']);
    expect(checkoutReadiness(three, problems)).toEqual({ ready: 1, blocked: 2 });
  });

  it('adds what a refused checkout named, under its supplier', () => {
    const one = cart([{ supplier: supplier('s1', 'Vinimport AS'), lines: [line('l1', 'Barolo')] }]);
    const problems = supplierProblems(one, 'nb', {
      'suppliers.s1.lines.l1': 'Bare 2 på lager',
      'suppliers.s1': 'Under leverandørens minste bestilling på NOK 2000',
    });
    expect(problems.get('s1')?.problems).toEqual([
      'Barolo: Bare 2 på lager',
      'Under leverandørens minste bestilling på NOK 2000',
    ]);
    expect(checkoutReadiness(one, problems)).toEqual({ ready: 0, blocked: 1 });
  });
});
