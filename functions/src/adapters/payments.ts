/**
 * The payment provider port (plans Plus and Pro, shared/src/billing.ts): where a person upgrades and
 * manages a subscription, and the secret the provider signs its webhook events with.
 *
 * - Cloud: Stripe. Checkout is a configured Stripe Checkout link per plan (subscription mode; the app adds
 *   the user's id as `client_reference_id`), the billing portal a configured portal link, the webhook
 *   signing secret read once from Secrets Manager (`PAYMENTS_WEBHOOK_SECRET_ARN`). Env:
 *   `PAYMENTS_CHECKOUT_URL_PLUS`, `PAYMENTS_CHECKOUT_URL_PRO`, `PAYMENTS_PORTAL_URL`,
 *   `PAYMENTS_PRICE_PLUS`, `PAYMENTS_PRICE_PRO` (price ids → plans), `PAYMENTS_CONTACT_EMAIL`.
 * - Local: the payment emulator (`infra/local/payment-emulator.ts`, page `/_dev/payments`), installed by
 *   the local runner, whose links open the emulator and whose secret is generated into `.kork/`. It posts
 *   events signed exactly as Stripe signs them to the same webhook route.
 */
import type { PaymentsPort } from './payments-types';

export type { PaymentsPort } from './payments-types';

let installed: PaymentsPort | undefined;
let cloud: PaymentsPort | undefined;

/** Replaces the Stripe adapter (the local emulator, or a test's fake); `undefined` restores it. */
export function usePayments(port: PaymentsPort | undefined): void {
  installed = port;
}

export async function payments(): Promise<PaymentsPort> {
  if (installed) return installed;
  if (!cloud) cloud = (await import('./stripe-payments')).stripePayments();
  return cloud;
}
