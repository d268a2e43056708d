/**
 * Marketplace orders written straight into the table in the shape checkout writes them (an order with
 * its `marketplace` info, waiting, and its supplier inbox entry), with their placed v2 messages, and a
 * mail port that counts what it sends and fails a seeded share of sends: the supplier-orders queue's
 * tests and benchmark.
 */
import type { SupplierOrderPlacedV2 } from '@kork/events';
import type { MailMessage, MailPort } from '@kork/functions/adapters/mail';
export interface DirectOrder {
  ownerId: string;
  orderId: string;
  /** The order's number as the buyer sees it (`K-<date>-<6>-<n>`), unlike the record's id. */
  orderNumber: string;
  message: SupplierOrderPlacedV2;
}
export declare const TEST_SUPPLIER: {
  id: string;
  name: string;
  email: string;
};
/** A business account of its own (the buyer whose address answers' notices go to). */
export declare function directBuyer(name?: string): Promise<{
  id: string;
  email: string;
}>;
/** `count` waiting marketplace orders of one buyer from `TEST_SUPPLIER`, two lines each. */
export declare function directOrders(
  buyer: {
    id: string;
    email: string;
  },
  count: number,
  placedAt?: string,
): Promise<DirectOrder[]>;
/** A seeded pseudo-random sequence in [0, 1) (mulberry32). */
export declare function seededRandom(seed: number): () => number;
/** A mail port that keeps every mail it sent and throws on `faultRate` of sends (seeded). */
export declare class FaultyMail implements MailPort {
  private readonly faultRate;
  readonly sent: MailMessage[];
  faults: number;
  private readonly random;
  private seq;
  constructor(faultRate: number, seed?: number);
  send(message: MailMessage): Promise<{
    messageId: string;
  }>;
  /** Mails sent whose subject names the order by its number. */
  countFor(order: Pick<DirectOrder, 'orderNumber'>): number;
}
