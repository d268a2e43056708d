import type { Cart, CartSupplierGroup, User } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { checkoutBlock } from './cart-format';
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

describe('checkoutBlock', () => {
  const group = (over: Partial<CartSupplierGroup>) =>
    ({ lines: [], belowMinimum: false, ...over }) as unknown as CartSupplierGroup;
  const cart = (groups: CartSupplierGroup[]) => ({ groups }) as unknown as Cart;

  it('opens checkout only when every supplier is reached and no line is above stock', () => {
    expect(checkoutBlock(cart([group({})]))).toBeUndefined();
    expect(checkoutBlock(cart([group({ belowMinimum: true })]))).toBe('belowMinimum');
    expect(
      checkoutBlock(cart([group({ lines: [{ exceedsStock: true }] as CartSupplierGroup['lines'] })])),
    ).toBe('exceedsStock');
  });
});
