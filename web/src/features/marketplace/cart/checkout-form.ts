import {
  type CheckoutDetails,
  CheckoutInput,
  type CheckoutInput as CheckoutInputValue,
  type InvoiceMethod,
  type User,
} from '@kork/shared';
import { translateMessage } from '../../../lib/form-schema';

/**
 * The checkout form's values (text as typed) and what is sent: billing and delivery (SPEC §3), checked
 * with the API's own schema as they are typed, showing the §8 messages ("Missing organization number")
 * rather than a bare "Required". Pure, for tests.
 */

export interface BillingValues {
  organizationNumber: string;
  invoiceMethod: InvoiceMethod;
  invoiceEmail: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
}

export interface DeliveryValues {
  recipient: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  careOf: string;
  tineNumber: string;
}

export interface CheckoutValues {
  billing: BillingValues;
  delivery: DeliveryValues;
  note: string;
}

/** The form as it starts: what was used last time, else what the account knows. */
export function checkoutValues(details: CheckoutDetails | undefined, user: User | undefined): CheckoutValues {
  const billing = details?.billing;
  const delivery = details?.delivery;
  const venue = user?.tastingLocationName ?? user?.fullName ?? '';
  return {
    billing: {
      organizationNumber: billing?.organizationNumber ?? user?.organizationNumber ?? '',
      invoiceMethod: billing?.invoiceMethod ?? 'email',
      invoiceEmail: billing?.invoiceEmail ?? user?.email ?? '',
      name: billing?.name ?? venue,
      street: billing?.street ?? '',
      postalCode: billing?.postalCode ?? '',
      city: billing?.city ?? '',
      phone: billing?.phone ?? '',
    },
    delivery: {
      recipient: delivery?.recipient ?? venue,
      street: delivery?.street ?? '',
      postalCode: delivery?.postalCode ?? '',
      city: delivery?.city ?? '',
      phone: delivery?.phone ?? '',
      careOf: delivery?.careOf ?? '',
      tineNumber: delivery?.tineNumber ?? '',
    },
    note: '',
  };
}

/** An optional text left empty is not sent. */
function optional(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The request's body from the form (before the schema reads it). */
export function toCheckoutInput(values: CheckoutValues, version: number | undefined) {
  const { billing, delivery } = values;
  return {
    billing: {
      organizationNumber: billing.organizationNumber,
      invoiceMethod: billing.invoiceMethod,
      ...(billing.invoiceMethod === 'email' || optional(billing.invoiceEmail)
        ? { invoiceEmail: billing.invoiceEmail.trim() }
        : {}),
      name: billing.name,
      street: billing.street,
      postalCode: billing.postalCode,
      city: billing.city,
      ...(optional(billing.phone) ? { phone: optional(billing.phone) } : {}),
    },
    delivery: {
      recipient: delivery.recipient,
      street: delivery.street,
      postalCode: delivery.postalCode,
      city: delivery.city,
      ...(optional(delivery.phone) ? { phone: optional(delivery.phone) } : {}),
      ...(optional(delivery.careOf) ? { careOf: optional(delivery.careOf) } : {}),
      ...(optional(delivery.tineNumber) ? { tineNumber: optional(delivery.tineNumber) } : {}),
    },
    ...(optional(values.note) ? { note: values.note.trim() } : {}),
    ...(version === undefined ? {} : { version }),
  };
}

/** The input as the API reads it, when the form is valid. */
export function parsedCheckout(
  values: CheckoutValues,
  version: number | undefined,
): CheckoutInputValue | null {
  const result = CheckoutInput.safeParse(toCheckoutInput(values, version));
  return result.success ? result.data : null;
}

/**
 * The translated message of each failing field (`billing.organizationNumber` → "Missing organization
 * number"), the first of each field. The schema's own keys are kept, so an empty field says what is
 * missing in the words of §8.
 */
export function checkoutErrors(values: CheckoutValues): Record<string, string> {
  const result = CheckoutInput.safeParse(toCheckoutInput(values, undefined));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!errors[field]) errors[field] = translateMessage(issue.message);
  }
  return errors;
}
