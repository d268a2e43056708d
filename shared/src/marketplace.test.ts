import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  BillingInput,
  CheckoutInput,
  DeliveryInput,
  horecaPriceFromRetail,
  isValidOrganizationNumber,
  LOW_STOCK_MAX,
  MONOPOLY_FIXED_MARGIN_MINOR,
  MONOPOLY_MARGIN_RATE,
  organizationNumberCheckDigit,
  organizationNumberInput,
  RETAIL_VAT_RATE,
  splitBySupplier,
  supplierIdOf,
} from './marketplace';
import { idField } from './schema-primitives';

/** One message per field, the first issue's, as the API answers (functions' parseWith). */
function fieldsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('organization numbers (mod 11)', () => {
  it('accepts registered numbers and computes their check digits', () => {
    for (const number of ['923609016', '974760673', '987654325']) {
      expect(isValidOrganizationNumber(number)).toBe(true);
      expect(organizationNumberCheckDigit(number.slice(0, 8))).toBe(Number(number[8]));
    }
  });

  it('refuses a wrong check digit, other lengths and other characters', () => {
    expect(isValidOrganizationNumber('923609017')).toBe(false);
    expect(isValidOrganizationNumber('974760670')).toBe(false);
    expect(isValidOrganizationNumber('92360901')).toBe(false);
    expect(isValidOrganizationNumber('9236090160')).toBe(false);
    expect(isValidOrganizationNumber('92360901a')).toBe(false);
    expect(organizationNumberCheckDigit('9236090')).toBeUndefined();
  });

  it('has no check digit where the remainder is 1, so no such number is valid', () => {
    // 9×3 + 9×2 = 45 = 4×11 + 1.
    expect(organizationNumberCheckDigit('90000009')).toBeUndefined();
    for (let digit = 0; digit <= 9; digit++)
      expect(isValidOrganizationNumber(`90000009${digit}`)).toBe(false);
  });

  it('gives 0 where the remainder is 0', () => {
    expect(organizationNumberCheckDigit('00000000')).toBe(0);
    expect(isValidOrganizationNumber('000000000')).toBe(true);
  });

  it('takes the number as typed, with spaces between groups, and names what is wrong', () => {
    expect(organizationNumberInput.safeParse('923 609 016')).toEqual({ success: true, data: '923609016' });
    expect(organizationNumberInput.safeParse(' 974760673 ').success).toBe(true);
    const message = (value: unknown) => organizationNumberInput.safeParse(value).error?.issues[0]?.message;
    expect(message('')).toBe('missingOrganizationNumber');
    expect(message(undefined)).toBe('missingOrganizationNumber');
    expect(message('92360901')).toBe('invalidOrganizationNumber');
    expect(message('923-609-016')).toBe('invalidOrganizationNumber');
    expect(message('923609017')).toBe('organizationNumberCheckDigit');
  });
});

describe('the HORECA price from the retail price', () => {
  it('removes VAT and the monopoly margin: 199.90 kr gives 124.93 kr ex VAT', () => {
    expect(RETAIL_VAT_RATE).toBe(0.25);
    expect(MONOPOLY_MARGIN_RATE).toBe(0.22);
    expect(MONOPOLY_FIXED_MARGIN_MINOR).toBe(750);
    // (19990 / 1.25 − 750) / 1.22 = (15992 − 750) / 1.22 = 12493.44… → 12493 øre.
    expect(horecaPriceFromRetail(19_990)).toBe(12_493);
  });

  it('rounds to whole øre and grows with the retail price', () => {
    let previous = 0;
    for (let retail = 0; retail <= 500_000; retail += 997) {
      const price = horecaPriceFromRetail(retail);
      expect(Number.isInteger(price)).toBe(true);
      expect(price).toBeGreaterThanOrEqual(previous);
      expect(price).toBeLessThan(Math.max(retail, 101));
      previous = price;
    }
  });

  it('never goes below 1 krone', () => {
    expect(horecaPriceFromRetail(0)).toBe(100);
    expect(horecaPriceFromRetail(1000)).toBe(100);
    // 2 000 øre: (1600 − 750) / 1.22 = 696.7 → 697.
    expect(horecaPriceFromRetail(2000)).toBe(697);
  });
});

describe('availability from the stock', () => {
  it('is out of stock at 0, low up to 12 bottles and in stock from 13', () => {
    expect(LOW_STOCK_MAX).toBe(12);
    expect(availabilityOf(0)).toBe('outOfStock');
    expect(availabilityOf(-3)).toBe('outOfStock');
    expect(availabilityOf(Number.NaN)).toBe('outOfStock');
    expect(availabilityOf(1)).toBe('lowStock');
    expect(availabilityOf(12)).toBe('lowStock');
    expect(availabilityOf(13)).toBe('inStock');
    expect(availabilityOf(240)).toBe('inStock');
  });
});

describe('supplier ids from wholesaler names', () => {
  it('folds æ, ø, å, accents, case and punctuation to one slug', () => {
    expect(supplierIdOf('Vinmonopolet AS')).toBe('sup-vinmonopolet-as');
    expect(supplierIdOf('Bærum Øl & Vin Å/S')).toBe('sup-baerum-ol-and-vin-a-s');
    expect(supplierIdOf('Château Élégance SARL')).toBe('sup-chateau-elegance-sarl');
    expect(supplierIdOf('  Moestue Grape Selections AS ')).toBe('sup-moestue-grape-selections-as');
  });

  it('gives names that differ only in case, accents or spacing one id, and keeps the AS suffix', () => {
    expect(supplierIdOf('Vinæs Import AS')).toBe(supplierIdOf('VINAES  import as'));
    expect(supplierIdOf('Cuvée AS')).toBe(supplierIdOf('CUVEE AS'));
    expect(supplierIdOf('Cuvée A.S.')).toBe('sup-cuvee-a-s');
    expect(supplierIdOf('Vinimport AS')).not.toBe(supplierIdOf('Vinimport'));
  });

  it('names something for a name without letters and keeps ids bounded', () => {
    expect(supplierIdOf('&&')).toBe('sup-and-and');
    expect(supplierIdOf('—')).toBe('sup-unnamed');
    // Ids travel in URL paths, which take at most 64 characters.
    expect(supplierIdOf('x'.repeat(500)).length).toBeLessThanOrEqual(60);
    expect(supplierIdOf(`${'a'.repeat(55)} b`)).toBe(`sup-${'a'.repeat(55)}`);
    expect(idField.safeParse(supplierIdOf('ab '.repeat(200))).success).toBe(true);
  });
});

describe('splitting a cart by supplier', () => {
  it('keeps suppliers in the order they first appear and lines in cart order', () => {
    const lines = [
      { supplierId: 'b', id: 1 },
      { supplierId: 'a', id: 2 },
      { supplierId: 'b', id: 3 },
      { supplierId: 'c', id: 4 },
      { supplierId: 'a', id: 5 },
    ];
    const parts = splitBySupplier(lines);
    expect([...parts.keys()]).toEqual(['b', 'a', 'c']);
    expect(parts.get('b')?.map((line) => line.id)).toEqual([1, 3]);
    expect(parts.get('a')?.map((line) => line.id)).toEqual([2, 5]);
    expect(parts.get('c')?.map((line) => line.id)).toEqual([4]);
    expect(splitBySupplier([]).size).toBe(0);
  });
});

describe('billing and delivery (§8 messages)', () => {
  const billing = {
    organizationNumber: '923 609 016',
    invoiceMethod: 'email',
    invoiceEmail: 'faktura@restaurant.example',
    name: 'Restaurant AS',
    street: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
  };
  const delivery = { recipient: 'Kjøkkenet', street: 'Storgata 1', postalCode: '0155', city: 'Oslo' };

  it('accepts complete details and trims them', () => {
    const parsed = BillingInput.safeParse({ ...billing, name: '  Restaurant AS ' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ organizationNumber: '923609016', name: 'Restaurant AS' });
    expect(DeliveryInput.safeParse(delivery).success).toBe(true);
  });

  it('names a missing name, address or organization number', () => {
    expect(fieldsOf(BillingInput.safeParse({ ...billing, name: '   ' }))).toEqual({ name: 'missingName' });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, name: undefined }))).toEqual({
      name: 'missingName',
    });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, street: '' }))).toEqual({
      street: 'missingBillingAddress',
    });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, city: undefined }))).toEqual({
      city: 'missingBillingAddress',
    });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, organizationNumber: '' }))).toEqual({
      organizationNumber: 'missingOrganizationNumber',
    });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, organizationNumber: '923609017' }))).toEqual({
      organizationNumber: 'organizationNumberCheckDigit',
    });
    expect(fieldsOf(DeliveryInput.safeParse({ ...delivery, recipient: '' }))).toEqual({
      recipient: 'missingName',
    });
    expect(fieldsOf(DeliveryInput.safeParse({ ...delivery, street: ' ' }))).toEqual({
      street: 'missingDeliveryAddress',
    });
    expect(fieldsOf(DeliveryInput.safeParse({ ...delivery, city: '' }))).toEqual({
      city: 'missingDeliveryAddress',
    });
  });

  it('wants four-digit postal codes, an invoice e-mail for e-mailed invoices, and bounded texts', () => {
    expect(fieldsOf(DeliveryInput.safeParse({ ...delivery, postalCode: '155' }))).toEqual({
      postalCode: 'invalidPostalCode',
    });
    expect(fieldsOf(BillingInput.safeParse({ ...billing, invoiceEmail: '' }))).toEqual({
      invoiceEmail: 'required',
    });
    expect(BillingInput.safeParse({ ...billing, invoiceMethod: 'ehf', invoiceEmail: '' }).success).toBe(true);
    expect(fieldsOf(BillingInput.safeParse({ ...billing, invoiceMethod: 'fax' }))).toEqual({
      invoiceMethod: 'invalidValue',
    });
    const long = fieldsOf(BillingInput.safeParse({ ...billing, name: 'x'.repeat(121) }));
    expect(long.name).toMatch(/maxCharacters/);
  });

  it('checks a whole checkout', () => {
    expect(CheckoutInput.safeParse({ billing, delivery, note: 'Bakdøren', version: 3 }).success).toBe(true);
    expect(fieldsOf(CheckoutInput.safeParse({ billing, delivery: { ...delivery, recipient: '' } }))).toEqual({
      'delivery.recipient': 'missingName',
    });
  });
});
