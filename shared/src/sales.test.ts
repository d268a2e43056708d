import { describe, expect, it } from 'vitest';
import { SALE_LIMITS, SaleInput, SalesQuery } from './sales';
import { todayIso } from './schema-primitives';

const line = { ownWineId: '01JWINE0000000000000000000', units: 2, unitPrice: 45_000 };

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('a sale as sent', () => {
  it('takes lines of whole bottles at a price, from a location or Uncategorized', () => {
    const sale = SaleInput.safeParse({
      customer: { firstName: ' Kari ', email: '' },
      products: [line, { ...line, byGlass: true, locationId: 'uncategorized' }],
    });
    expect(sale.success).toBe(true);
    expect(sale.success && sale.data.customer?.firstName).toBe('Kari');
  });

  it('refuses no lines and more lines than one transaction holds', () => {
    expect(SaleInput.safeParse({ products: [] }).success).toBe(false);
    const many = Array.from({ length: SALE_LIMITS.productsMax + 1 }, () => line);
    expect(SaleInput.safeParse({ products: many }).success).toBe(false);
    expect(SaleInput.safeParse({ products: many.slice(1) }).success).toBe(true);
  });

  it('refuses more wines than a sale may hold, naming the rule; lines of one wine count once', () => {
    const wines = Array.from({ length: SALE_LIMITS.winesMax + 1 }, (_, i) => ({
      ...line,
      ownWineId: `01JWINE${String(i).padStart(19, '0')}`,
    }));
    expect(fieldsOf(SaleInput.safeParse({ products: wines }))).toEqual({
      products: `maxSaleWines|max=${SALE_LIMITS.winesMax}`,
    });
    expect(SaleInput.safeParse({ products: wines.slice(1) }).success).toBe(true);
    const again = [...wines.slice(1), ...wines.slice(1, 1 + SALE_LIMITS.productsMax - SALE_LIMITS.winesMax)];
    expect(again).toHaveLength(SALE_LIMITS.productsMax);
    expect(SaleInput.safeParse({ products: again }).success).toBe(true);
    expect(fieldsOf(SaleInput.safeParse({ products: [...again, line] }))).toEqual({
      products: `maxSaleLines|max=${SALE_LIMITS.productsMax}`,
    });
  });

  it('refuses no bottles, parts of a bottle, too many and a negative price', () => {
    expect(fieldsOf(SaleInput.safeParse({ products: [{ ...line, units: 0 }] }))).toHaveProperty(
      'products.0.units',
    );
    expect(SaleInput.safeParse({ products: [{ ...line, units: 1.5 }] }).success).toBe(false);
    expect(SaleInput.safeParse({ products: [{ ...line, units: SALE_LIMITS.unitsMax + 1 }] }).success).toBe(
      false,
    );
    expect(SaleInput.safeParse({ products: [{ ...line, unitPrice: -1 }] }).success).toBe(false);
  });

  it('refuses a day after today and a bad e-mail', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(SaleInput.safeParse({ date: todayIso(), products: [line] }).success).toBe(true);
    expect(SaleInput.safeParse({ date: tomorrow, products: [line] }).success).toBe(false);
    const email = SaleInput.safeParse({ contactPerson: { email: 'not-an-email' }, products: [line] });
    expect(fieldsOf(email)['contactPerson.email']).toBe('invalidEmail');
  });
});

describe('the list of sales as asked for', () => {
  it('reads pages and a period', () => {
    const query = SalesQuery.safeParse({
      page: '3',
      resultsPerPage: '25',
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(query.success && query.data).toMatchObject({ page: 3, resultsPerPage: 25, from: '2025-01-01' });
    expect(SalesQuery.safeParse({ resultsPerPage: '501' }).success).toBe(false);
  });
});
