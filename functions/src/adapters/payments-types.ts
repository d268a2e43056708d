/** The payments port's shape (payments.ts), apart so the adapters need not import the port that loads them. */
import type { PaidPlan } from '@kork/shared';

export interface PaymentsPort {
  /** `local-emulator` or `stripe`. */
  readonly name: string;
  /** The checkout link of a plan for a user, or undefined when none is configured ("contact us"). */
  checkoutUrl(plan: PaidPlan, user: { id: string; email?: string }): string | undefined;
  /** The billing portal link, when configured. */
  portalUrl(user: { id: string; email?: string }): string | undefined;
  contactEmail(): string | undefined;
  /** Which plan a provider price id is (subscription items). */
  planOfPrice(priceId: string): PaidPlan | undefined;
  /** The webhook signing secret(s); more than one while a secret is rolled. */
  webhookSecrets(): Promise<string[]>;
}
