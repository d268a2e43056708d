import type { Sale } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { buildSalesCsv, EXPORT_COLUMNS, type ExportColumns, exportRows } from './sales-export';

const headers = Object.fromEntries(
  EXPORT_COLUMNS.map((column) => [column, column]),
) as unknown as ExportColumns;
const words = { yes: 'Ja', no: 'Nei' };

const sale: Sale = {
  id: 's1',
  date: '2025-03-04',
  customer: { firstName: 'Kari', lastName: 'Nordmann' },
  contactPerson: { firstName: 'Ola', phone: '+47 123', email: 'ola@example.com' },
  distributor: 'Vinmonopolet; Oslo',
  note: 'Levert "i dag"\nTakk',
  products: [
    {
      ownWineId: 'w1',
      wineDisplayName: 'Château Ærø 2019',
      units: 2,
      unitPrice: 15_050,
      byGlass: false,
      locationId: null,
      vatPercentage: 25,
      total: 30_100,
    },
    {
      ownWineId: 'w2',
      wineDisplayName: '=SUM(A1)',
      units: 1,
      unitPrice: 90_000,
      byGlass: true,
      locationId: 'loc',
      vatPercentage: 25,
      total: 90_000,
    },
  ],
  units: 3,
  totalPrice: 120_100,
  currency: 'NOK',
  createdBy: 'u',
  createdByName: 'U',
  createdAt: '2025-03-04T10:00:00Z',
};

describe('sales export', () => {
  it('makes one row per wine of a sale, money in kroner', () => {
    const rows = exportRows([sale]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      customer: 'Kari Nordmann',
      contactPerson: 'Ola',
      unitPrice: 150.5,
      lineTotal: 301,
    });
  });

  it('writes a CSV Excel in Norway opens: BOM, semicolons, decimal comma, quoted fields', () => {
    const csv = buildSalesCsv(exportRows([sale]), headers, 'nb', words);
    expect(csv.startsWith('\uFEFFdate;saleId;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(
      '2025-03-04;s1;Kari Nordmann;Ola;\'+47 123;ola@example.com;"Vinmonopolet; Oslo";;Château Ærø 2019;2;Nei;150,50;301,00;NOK;"Levert ""i dag""\nTakk"',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes a decimal point in English and defuses a formula', () => {
    const csv = buildSalesCsv(exportRows([sale]), headers, 'en', words);
    const line = csv.split('\r\n')[2] ?? '';
    expect(line).toContain(";'=SUM(A1);1;Ja;900.00;900.00;");
  });
});
