/**
 * Marketplace orders written straight into the table in the shape checkout writes them (an order with
 * its `marketplace` info, waiting, and its supplier inbox entry), with their placed v2 messages, and a
 * mail port that counts what it sends and fails a seeded share of sends: the supplier-orders queue's
 * tests and benchmark.
 */

import type { MailMessage, MailPort } from '@kork/functions/adapters/mail';
import { db } from '@kork/functions/data/entities';
import type { SupplierOrderPlacedV2 } from '@kork/queue-messages';
import type { MarketplaceOrderInfo, OrderLine } from '@kork/shared';
import { ulid } from 'ulid';

export interface DirectOrder {
  ownerId: string;
  orderId: string;
  /** The order's number as the buyer sees it (`K-<date>-<6>-<n>`), unlike the record's id. */
  orderNumber: string;
  message: SupplierOrderPlacedV2;
}

export const TEST_SUPPLIER = {
  id: 'sup-test-vinimport',
  name: 'Test Vinimport AS',
  email: 'orders@vinimport.test',
};

/** A business account of its own (the buyer whose address answers' notices go to). */
export async function directBuyer(name = 'Queue'): Promise<{ id: string; email: string }> {
  const id = `buy${ulid().toLowerCase()}`;
  const now = new Date().toISOString();
  const email = `${id}@example.no`;
  await db()
    .entities.user.create({
      id,
      ownerId: id,
      email,
      firstName: name,
      lastName: 'Bistro',
      userType: 'RESTAURANT',
      role: 'business',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .go();
  return { id, email };
}

/** `count` waiting marketplace orders of one buyer from `TEST_SUPPLIER`, two lines each. */
export async function directOrders(
  buyer: { id: string; email: string },
  count: number,
  placedAt = new Date().toISOString(),
): Promise<DirectOrder[]> {
  const made: DirectOrder[] = [];
  for (let i = 0; i < count; i++) {
    const orderId = ulid();
    const orderNumber = `K-${placedAt.slice(0, 10).replace(/-/g, '')}-${orderId.slice(-6)}-${i + 1}`;
    const products: OrderLine[] = [6, 12].map((units, j) => ({
      lineId: ulid(),
      wineDisplayName: `Test Barolo ${2015 + j}`,
      units,
      unitCost: 25_000 + j * 1000,
      received: 0,
      total: units * (25_000 + j * 1000),
    }));
    const marketplace: MarketplaceOrderInfo = {
      supplierId: TEST_SUPPLIER.id,
      supplierName: TEST_SUPPLIER.name,
      checkoutId: `chk${orderId}`,
      placedAt,
      supplierState: 'waiting',
      answers: Object.fromEntries(
        products.map((l) => [l.lineId, { state: 'waiting', orderedUnits: l.units }]),
      ),
      billing: {
        organizationNumber: '987654325',
        invoiceMethod: 'ehf',
        name: 'Queue Bistro AS',
        street: 'Kaigata 1',
        postalCode: '0150',
        city: 'Oslo',
      },
      delivery: {
        recipient: 'Queue Bistro',
        street: 'Kaigata 1',
        postalCode: '0150',
        city: 'Oslo',
        tineNumber: '12345',
      },
      note: 'Bakdøren',
    };
    await db()
      .transaction.write(({ order, supplierOrderRef }) => [
        order
          .create({
            ownerId: buyer.id,
            id: orderId,
            type: 'purchase',
            orderId: orderNumber,
            status: 'placed',
            source: 'marketplace',
            supplier: TEST_SUPPLIER.name,
            orderDate: placedAt.slice(0, 10),
            products,
            createdBy: buyer.id,
            createdByName: 'Queue Bistro',
            createdAt: placedAt,
            updatedAt: placedAt,
            version: 0,
            marketplace,
          })
          .commit(),
        supplierOrderRef
          .create({
            supplierId: TEST_SUPPLIER.id,
            placedAt,
            ownerId: buyer.id,
            orderId,
            buyerName: 'Queue Bistro AS',
            state: 'waiting',
          })
          .commit(),
      ])
      .go()
      .then((result) => {
        if (result.canceled) throw new Error('a test order was not written');
      });
    made.push({
      ownerId: buyer.id,
      orderId,
      orderNumber,
      message: {
        name: 'orders.supplier-order.placed',
        version: 2,
        orderId,
        ownerId: buyer.id,
        checkoutId: marketplace.checkoutId,
        supplier: TEST_SUPPLIER,
        buyer: { name: 'Queue Bistro AS', email: buyer.email },
        lines: products.map((l) => ({
          productName: l.wineDisplayName,
          quantity: l.units,
          unitPriceMinor: l.unitCost,
        })),
        currency: 'NOK',
        placedAt,
      },
    });
  }
  return made;
}

/** A seeded pseudo-random sequence in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A mail port that keeps every mail it sent and throws on `faultRate` of sends (seeded). */
export class FaultyMail implements MailPort {
  readonly sent: MailMessage[] = [];
  faults = 0;
  private readonly random: () => number;
  private seq = 0;

  constructor(
    private readonly faultRate: number,
    seed = 42,
  ) {
    this.random = seededRandom(seed);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    await new Promise((r) => setTimeout(r, 1));
    if (this.random() < this.faultRate) {
      this.faults += 1;
      throw new Error('injected mail fault');
    }
    this.sent.push(message);
    this.seq += 1;
    return { messageId: `faulty-${this.seq}` };
  }

  /** Mails sent whose subject names the order by its number. */
  countFor(order: Pick<DirectOrder, 'orderNumber'>): number {
    return this.sent.filter((m) => m.subject.includes(order.orderNumber)).length;
  }
}
