import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSecrets, stripePayments, withParams } from './stripe-payments';

const ENV = {
  PAYMENTS_CHECKOUT_URL_PLUS: 'https://buy.stripe.com/test_plus?locale=nb',
  PAYMENTS_PORTAL_URL: 'https://billing.stripe.com/p/login/test_portal',
  PAYMENTS_PRICE_PLUS: 'price_plus_1',
  PAYMENTS_PRICE_PRO: 'price_pro_1',
  PAYMENTS_WEBHOOK_SECRET_ARN: 'arn:aws:secretsmanager:eu-north-1:1:secret:webhook',
};

afterEach(() => {
  for (const name of Object.keys(ENV)) delete process.env[name];
});

describe('the Stripe payments adapter', () => {
  it("adds the user's id and address to the configured checkout link, keeping its own query", () => {
    Object.assign(process.env, ENV);
    const url = new URL(
      stripePayments({ send: vi.fn() }).checkoutUrl('plus', { id: 'u 1', email: 'a+b@kork.no' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_plus');
    expect(url.searchParams.get('locale')).toBe('nb');
    expect(url.searchParams.get('client_reference_id')).toBe('u 1');
    expect(url.searchParams.get('prefilled_email')).toBe('a+b@kork.no');
  });

  it('has no checkout link for a plan without one (contact us), and maps price ids to plans', () => {
    Object.assign(process.env, ENV);
    const port = stripePayments({ send: vi.fn() });
    expect(port.checkoutUrl('pro', { id: 'u1' })).toBeUndefined();
    expect(port.planOfPrice('price_pro_1')).toBe('pro');
    expect(port.planOfPrice('price_plus_1')).toBe('plus');
    expect(port.planOfPrice('price_other')).toBeUndefined();
    expect(withParams('not a url', { a: 'b' })).toBeUndefined();
  });

  it('reads the webhook secret once from Secrets Manager and keeps it', async () => {
    Object.assign(process.env, ENV);
    const send = vi.fn(async () => ({ SecretString: 'whsec_new,whsec_old' }));
    const port = stripePayments({ send } as never);
    expect(await port.webhookSecrets()).toEqual(['whsec_new', 'whsec_old']);
    expect(await port.webhookSecrets()).toEqual(['whsec_new', 'whsec_old']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(parseSecrets('{"secret":"whsec_a"}')).toEqual(['whsec_a']);
  });
});
