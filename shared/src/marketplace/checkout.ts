import * as z from 'zod/mini';
import { emailField } from '../accounts';
import { withBounds } from '../messages';
import { crossCheck, isCleanText, numberField, textField } from '../schema-primitives';
import { MARKETPLACE_LIMITS, organizationNumberInput } from './rules';

/** Checking out: billing, delivery and what the buyer sends. */

// — Checkout (§3 Billing and Delivery, §8 messages) —

export const INVOICE_METHODS = ['email', 'ehf', 'paper'] as const;
export type InvoiceMethod = (typeof INVOICE_METHODS)[number];

const postalCodeField = z
  .pipe(
    z.string({ error: 'required' }),
    z.transform((value) => value.trim()),
  )
  .check(
    z.regex(/^\d{4}$/, { error: 'invalidPostalCode' }),
    z.maxLength(20, { error: withBounds('maxCharacters', { max: 20 }) }),
  );

/**
 * A text that must be there, with the §8 message naming what is missing; otherwise as `textField` takes
 * text (trimmed, NFC, no control or broken characters).
 */
const needed = (max: number, missing: 'missingBillingAddress' | 'missingDeliveryAddress' | 'missingName') =>
  z
    .pipe(
      z.optional(z.string({ error: missing })),
      z.transform((value) => value ?? ''),
    )
    .check(
      z.overwrite((value: string) => value.trim().normalize('NFC')),
      z.refine((value: string) => isCleanText(value), { error: 'invalidCharacters' }),
      z.minLength(1, { error: missing }),
      z.maxLength(max, { error: withBounds('maxCharacters', { max }) }),
    );

/** §3 Billing. The invoice e-mail is required when invoices go by e-mail. */
export const BillingInput = z
  .object({
    organizationNumber: organizationNumberInput,
    invoiceMethod: z.enum(INVOICE_METHODS, { error: 'invalidValue' }),
    invoiceEmail: z.optional(z.union([z.literal(''), emailField])),
    name: needed(MARKETPLACE_LIMITS.nameMax, 'missingName'),
    street: needed(MARKETPLACE_LIMITS.streetMax, 'missingBillingAddress'),
    postalCode: postalCodeField,
    city: needed(MARKETPLACE_LIMITS.cityMax, 'missingBillingAddress'),
    phone: z.optional(textField(MARKETPLACE_LIMITS.phoneMax)),
  })
  .check(
    crossCheck(
      ['invoiceMethod', 'invoiceEmail'],
      (billing) => billing.invoiceMethod !== 'email' || Boolean(billing.invoiceEmail),
      {
        error: 'required',
        path: ['invoiceEmail'],
      },
    ),
  );
export type BillingInput = z.infer<typeof BillingInput>;

/** §3 Delivery. */
export const DeliveryInput = z.object({
  recipient: needed(MARKETPLACE_LIMITS.nameMax, 'missingName'),
  street: needed(MARKETPLACE_LIMITS.streetMax, 'missingDeliveryAddress'),
  postalCode: postalCodeField,
  city: needed(MARKETPLACE_LIMITS.cityMax, 'missingDeliveryAddress'),
  phone: z.optional(textField(MARKETPLACE_LIMITS.phoneMax)),
  careOf: z.optional(textField(MARKETPLACE_LIMITS.careOfMax)),
  tineNumber: z.optional(textField(MARKETPLACE_LIMITS.tineNumberMax)),
});
export type DeliveryInput = z.infer<typeof DeliveryInput>;

/**
 * `POST …/nbs/checkout` with an `Idempotency-Key` header (required): the same key answers the same
 * orders again and places nothing twice. `version` is the cart's version the buyer reviewed; a cart
 * changed since answers 409 so nothing unseen is ordered.
 */
export const CheckoutInput = z.object({
  billing: BillingInput,
  delivery: DeliveryInput,
  note: z.optional(textField(MARKETPLACE_LIMITS.noteMax, { lines: true })),
  version: z.optional(numberField(0, 1_000_000_000, { int: true })),
  /**
   * The buyer chose to place the suppliers that can take the order now: the others (a line beyond the
   * stock, a minimum not reached, …) stay in the cart. Without it any blocked supplier refuses the whole.
   */
  placeReady: z.optional(z.boolean({ error: 'invalidValue' })),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

/** Billing and delivery remembered on the account (`GET …/nbs/checkout-details`), prefilled next time. */
export interface CheckoutDetails {
  billing?: BillingInput;
  delivery?: DeliveryInput;
}
