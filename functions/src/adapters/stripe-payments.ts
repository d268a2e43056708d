/**
 * The payments port in the cloud: Stripe (docs/billing.md). Checkout and the billing portal are links
 * configured in Stripe (Payment Links in subscription mode, the customer portal's login link); the app adds
 * the user's id as `client_reference_id` and the address as `prefilled_email`. The webhook signing secret
 * is read from Secrets Manager (`PAYMENTS_WEBHOOK_SECRET_ARN`) and kept for five minutes, so a rolled secret
 * is picked up without a deployment; while rolling, the secret may hold both, separated by a comma or
 * newline (or as a JSON `{"secrets": [...]}` / `{"secret": "..."}`).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { PaidPlan } from '@kork/shared';
import type { PaymentsPort } from './payments-types';

const SECRET_TTL_MS = 5 * 60 * 1000;

function configured(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** A configured link with `params` added (URL APIs, so a link that already has a query keeps it). */
export function withParams(link: string, params: Record<string, string | undefined>): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

/** The secret's text as one or more signing secrets. */
export function parseSecrets(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as { secrets?: unknown; secret?: unknown };
    const list = Array.isArray(parsed.secrets) ? parsed.secrets : [parsed.secret];
    return list.filter((s): s is string => typeof s === 'string' && s.length > 0);
  }
  return trimmed
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function stripePayments(
  client: Pick<SecretsManagerClient, 'send'> = new SecretsManagerClient({}),
): PaymentsPort {
  let cached: { secrets: string[]; at: number } | undefined;
  let loading: Promise<string[]> | undefined;
  const checkoutEnv: Record<PaidPlan, string> = {
    plus: 'PAYMENTS_CHECKOUT_URL_PLUS',
    pro: 'PAYMENTS_CHECKOUT_URL_PRO',
  };

  async function load(): Promise<string[]> {
    const arn = configured('PAYMENTS_WEBHOOK_SECRET_ARN');
    if (!arn) return [];
    const answer = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    return parseSecrets(answer.SecretString ?? '');
  }

  return {
    name: 'stripe',
    checkoutUrl(plan, user) {
      const link = configured(checkoutEnv[plan]);
      return link
        ? withParams(link, { client_reference_id: user.id, prefilled_email: user.email })
        : undefined;
    },
    portalUrl(user) {
      const link = configured('PAYMENTS_PORTAL_URL');
      return link ? withParams(link, { prefilled_email: user.email }) : undefined;
    },
    contactEmail: () => configured('PAYMENTS_CONTACT_EMAIL'),
    planOfPrice(priceId) {
      if (priceId === configured('PAYMENTS_PRICE_PRO')) return 'pro';
      if (priceId === configured('PAYMENTS_PRICE_PLUS')) return 'plus';
      return undefined;
    },
    async webhookSecrets() {
      if (cached && Date.now() - cached.at < SECRET_TTL_MS) return cached.secrets;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      const secrets = await loading;
      cached = { secrets, at: Date.now() };
      return secrets;
    },
  };
}
