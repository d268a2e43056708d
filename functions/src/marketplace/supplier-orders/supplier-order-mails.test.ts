import type { SupplierOrderView } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { answeredMail, placedMail, reminderMail } from './supplier-order-mails';

const view: SupplierOrderView = {
  ownerId: 'owner-1',
  orderId: '01JORDER',
  orderNumber: 'K-20261122-3F9A2C-1',
  supplierId: 'sup-vinimport',
  supplierName: 'Vinimport AS',
  buyerName: 'Fjord Bistro AS',
  buyerEmail: 'post@fjord.example',
  billing: {
    organizationNumber: '987654325',
    invoiceMethod: 'email',
    invoiceEmail: 'faktura@fjord.example',
    name: 'Fjord Bistro AS',
    street: 'Kaigata 1',
    postalCode: '0150',
    city: 'Oslo',
  },
  delivery: {
    recipient: 'Fjord Bistro',
    street: 'Bryggen 2',
    postalCode: '5003',
    city: 'Bergen',
    tineNumber: '4411',
  },
  note: 'Ring på bakdøren',
  placedAt: '2026-11-22T10:00:00.000Z',
  status: 'placed',
  supplierState: 'waiting',
  lines: [
    {
      lineId: 'l1',
      wineId: 'w1',
      wineDisplayName: 'Barolo 2019',
      vinmonopoletNumber: '1234501',
      units: 6,
      unitCost: 45_000,
      answer: { state: 'waiting', orderedUnits: 6 },
    },
    {
      lineId: 'l2',
      wineDisplayName: 'Chablis 2022',
      units: 12,
      unitCost: 20_050,
      answer: { state: 'waiting', orderedUnits: 12 },
    },
  ],
  totalCost: 6 * 45_000 + 12 * 20_050,
  currency: 'NOK',
  version: 0,
  closed: false,
};

describe("a marketplace order's mails", () => {
  it('gives the supplier the lines, totals, delivery, billing, note and link, Norwegian first', () => {
    const mail = placedMail(view, 'orders@vinimport.example', 'https://kork.example/supplier-order#t=abc');
    expect(mail.to).toBe('orders@vinimport.example');
    expect(mail.replyTo).toBe('post@fjord.example');
    // The number the buyer sees on its orders page, never the record's id.
    expect(mail.subject).toBe(
      'Bestilling K-20261122-3F9A2C-1 fra Fjord Bistro AS / Order K-20261122-3F9A2C-1 from Fjord Bistro AS',
    );
    expect(mail.text).toContain('Bestillingsnummer: K-20261122-3F9A2C-1');
    expect(mail.text).toContain('Order number: K-20261122-3F9A2C-1');
    expect(mail.text).toContain('- 6 × Barolo 2019 (varenr. 1234501) à 450,00 kr = 2700,00 kr');
    expect(mail.text).toContain('- 12 × Chablis 2022 à NOK 200.50 = NOK 2406.00');
    expect(mail.text).toContain('Sum eks. mva.: 5106,00 kr');
    expect(mail.text).toContain('TINE-nummer: 4411');
    expect(mail.text).toContain('Org.nr.: 987654325');
    expect(mail.text).toContain('Faktura på e-post: faktura@fjord.example');
    expect(mail.text).toContain('Merknad: Ring på bakdøren');
    expect(mail.text).toContain('innen 24 timer');
    expect(mail.text).toContain('within 24 hours');
    expect(mail.text.indexOf('Ny bestilling')).toBeLessThan(mail.text.indexOf('New order'));
    expect(mail.text.match(/#t=abc/g)).toHaveLength(2);
  });

  it('reminds with the link', () => {
    const mail = reminderMail(view, 'orders@vinimport.example', 'https://kork.example/supplier-order#t=abc');
    expect(mail.subject).toMatch(/^Påminnelse: bestilling K-20261122-3F9A2C-1 /);
    expect(mail.subject).not.toContain('01JORDER');
    expect(mail.text).toContain('#t=abc');
  });

  it('tells the buyer what was confirmed, changed and rejected, with the orders page', () => {
    const answered: SupplierOrderView = {
      ...view,
      deliveryDate: '2026-11-27',
      lines: [
        {
          ...(view.lines[0] as SupplierOrderView['lines'][number]),
          answer: { state: 'confirmed', orderedUnits: 6 },
        },
        {
          ...(view.lines[1] as SupplierOrderView['lines'][number]),
          units: 5,
          answer: {
            state: 'modified',
            orderedUnits: 12,
            substitute: { name: 'Chablis 2023' },
            comment: 'Ny årgang',
          },
        },
      ],
    };
    const mail = answeredMail(answered, 'post@fjord.example');
    expect(mail.to).toBe('post@fjord.example');
    expect(mail.text).toContain('- Barolo 2019: bekreftet, 6 flasker');
    expect(mail.text).toContain(
      '- Chablis 2022: endret, 5 i stedet for 12 flasker, erstattes med Chablis 2023, «Ny årgang»',
    );
    expect(mail.text).toContain('- Chablis 2022: changed, 5 instead of 12 bottles, replaced by Chablis 2023');
    expect(mail.text).toContain('Leveringsdato: 2026-11-27');
    expect(mail.text).toContain('/wine-cellar/orders');
  });
});
