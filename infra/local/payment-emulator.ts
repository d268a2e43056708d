/**
 * The local payment emulator (docs/billing.md): the payments port on `npm start`, and the pages its links
 * open. It is a developer tool and says so: no money moves, no card is asked for. "Pay" posts the events
 * Stripe would send after a Checkout in subscription mode (`checkout.session.completed`,
 * `customer.subscription.created`, `invoice.paid`), signed exactly as Stripe signs them with a secret
 * generated into the data folder (`.kork/`, never committed), to the app's own webhook route; the portal
 * page cancels at period end, resumes, switches Plus ↔ Pro or ends a subscription now
 * (`customer.subscription.updated` / `deleted`). The same verifier runs as in the cloud.
 *
 *   GET  /_dev/payments?plan=plus|pro&client_reference_id=<userId>&email=…   the checkout page
 *   POST /_dev/payments/pay                                                  completes it
 *   GET  /_dev/payments/portal?customer=<customerId>                         the billing portal
 *   POST /_dev/payments/portal                                               one of its actions
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { PaymentsPort } from '@kork/functions/adapters/payments';
import { signPayload } from '@kork/functions/billing/webhook-signature';
import type { PaidPlan } from '@kork/shared';

/** The emulator's price ids, as Stripe's would be configured (`PAYMENTS_PRICE_PLUS`/`_PRO`). */
export const EMULATOR_PRICES: Record<PaidPlan, string> = { plus: 'price_local_plus', pro: 'price_local_pro' };
const PERIOD_SECONDS = 30 * 24 * 60 * 60;
/** What the page says a plan costs: the price the app's upgrade card names (SPEC §1: from $100/month). */
const PRICE_TEXT: Record<PaidPlan, string> = { plus: 'From $100 / month', pro: 'From $100 / month' };

export interface EmulatedSubscription {
  id: string;
  plan: PaidPlan;
  status: 'active' | 'canceled';
  /** Epoch seconds. */
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

interface Customer {
  id: string;
  userId: string;
  email?: string;
  subscription?: EmulatedSubscription;
}

interface State {
  customers: Customer[];
}

export type PortalAction = 'cancel' | 'resume' | 'switch-plus' | 'switch-pro' | 'end';

const id = (prefix: string) => `${prefix}_local_${randomBytes(9).toString('hex')}`;
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
.notice{background:#fff3cd;border:1px solid #e0c36a;padding:.75rem;border-radius:.5rem}
button{font-size:1rem;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
form.inline{display:inline}</style></head><body>
<p class="notice"><strong>Local payment emulator.</strong> This is a developer tool on this machine: no money moves and no card is asked for. It sends the payment provider's events, signed as Stripe signs them, to this app's webhook.</p>
${body}</body></html>`;
}

export class PaymentEmulator {
  readonly secret: string;
  private readonly stateFile: string;
  private state: State;

  private constructor(dataDir: string) {
    const secretFile = join(dataDir, 'payments-webhook-secret');
    if (existsSync(secretFile)) this.secret = readFileSync(secretFile, 'utf8').trim();
    else {
      this.secret = `whsec_${randomBytes(24).toString('base64url')}`;
      writeFileSync(secretFile, this.secret, { mode: 0o600 });
    }
    this.stateFile = join(dataDir, 'payments-emulator.json');
    this.state = existsSync(this.stateFile)
      ? (JSON.parse(readFileSync(this.stateFile, 'utf8')) as State)
      : { customers: [] };
  }

  static create(dataDir: string): PaymentEmulator {
    return new PaymentEmulator(dataDir);
  }

  /** The payments port whose links open this emulator. */
  readonly port: PaymentsPort = {
    name: 'local-emulator',
    checkoutUrl: (plan, user) => {
      const query = new URLSearchParams({ plan, client_reference_id: user.id });
      if (user.email) query.set('email', user.email);
      return `/_dev/payments?${query}`;
    },
    portalUrl: (user) => {
      const customer = this.customerOfUser(user.id);
      return customer ? `/_dev/payments/portal?${new URLSearchParams({ customer: customer.id })}` : undefined;
    },
    contactEmail: () => 'sales@kork.local',
    planOfPrice: (priceId) =>
      priceId === EMULATOR_PRICES.pro ? 'pro' : priceId === EMULATOR_PRICES.plus ? 'plus' : undefined,
    webhookSecrets: async () => [this.secret],
  };

  customerOfUser(userId: string): Customer | undefined {
    return this.state.customers.find((c) => c.userId === userId);
  }

  customer(customerId: string): Customer | undefined {
    return this.state.customers.find((c) => c.id === customerId);
  }

  private save(): void {
    writeFileSync(this.stateFile, JSON.stringify(this.state, null, 2));
  }

  /** A Stripe-shaped event, signed, posted to the webhook; throws unless it is accepted. */
  async send(origin: string, type: string, object: Record<string, unknown>): Promise<void> {
    const created = Math.floor(Date.now() / 1000);
    const raw = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2025-03-31.basil',
      created,
      livemode: false,
      type,
      data: { object },
    });
    const res = await fetch(new URL('/api/payments/webhook', origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signPayload(raw, this.secret, created),
      },
      body: raw,
    });
    if (!res.ok) throw new Error(`the webhook answered ${res.status} to ${type}: ${await res.text()}`);
  }

  private subscriptionObject(customer: Customer, s: EmulatedSubscription): Record<string, unknown> {
    return {
      id: s.id,
      object: 'subscription',
      customer: customer.id,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      metadata: { userId: customer.userId },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.id}`,
            object: 'subscription_item',
            price: { id: EMULATOR_PRICES[s.plan], object: 'price', recurring: { interval: 'month' } },
            quantity: 1,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
          },
        ],
      },
    };
  }

  /** A completed Checkout in subscription mode, as Stripe reports it. */
  async checkout(
    origin: string,
    input: { plan: PaidPlan; userId: string; email?: string },
  ): Promise<Customer> {
    let customer = this.customerOfUser(input.userId);
    if (!customer) {
      customer = { id: id('cus'), userId: input.userId, ...(input.email ? { email: input.email } : {}) };
      this.state.customers.push(customer);
    }
    const now = Math.floor(Date.now() / 1000);
    const subscription: EmulatedSubscription = {
      id: id('sub'),
      plan: input.plan,
      status: 'active',
      periodStart: now,
      periodEnd: now + PERIOD_SECONDS,
      cancelAtPeriodEnd: false,
    };
    customer.subscription = subscription;
    this.save();
    await this.send(origin, 'checkout.session.completed', {
      id: id('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: input.userId,
      customer: customer.id,
      customer_details: { email: input.email ?? null },
      subscription: subscription.id,
      metadata: { plan: input.plan },
    });
    await this.send(origin, 'customer.subscription.created', this.subscriptionObject(customer, subscription));
    await this.send(origin, 'invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer: customer.id,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: {
        object: 'list',
        data: [{ id: id('il'), period: { start: subscription.periodStart, end: subscription.periodEnd } }],
      },
    });
    return customer;
  }

  /** One action of the billing portal on the customer's subscription. */
  async portal(origin: string, customerId: string, action: PortalAction): Promise<void> {
    const customer = this.customer(customerId);
    const s = customer?.subscription;
    if (!customer || !s || s.status !== 'active') throw new Error('no active subscription');
    if (action === 'cancel') s.cancelAtPeriodEnd = true;
    else if (action === 'resume') s.cancelAtPeriodEnd = false;
    else if (action === 'switch-plus') s.plan = 'plus';
    else if (action === 'switch-pro') s.plan = 'pro';
    else s.status = 'canceled';
    this.save();
    await this.send(
      origin,
      action === 'end' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      this.subscriptionObject(customer, s),
    );
  }

  private checkoutPage(url: URL): string {
    const plan = url.searchParams.get('plan') === 'pro' ? 'pro' : 'plus';
    const userId = url.searchParams.get('client_reference_id') ?? '';
    const email = url.searchParams.get('email') ?? '';
    if (!userId)
      return page('Checkout', '<h1>Checkout</h1><p>No client_reference_id: open this page from the app.</p>');
    return page(
      'Checkout',
      `<h1>Subscribe to Kork ${plan === 'pro' ? 'Pro' : 'Plus'}</h1>
<p>${escapeHtml(PRICE_TEXT[plan])}${email ? ` · ${escapeHtml(email)}` : ''}</p>
<form method="post" action="/_dev/payments/pay">
<input type="hidden" name="plan" value="${plan}"><input type="hidden" name="client_reference_id" value="${escapeHtml(userId)}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit">Pay</button></form>
<p><a href="/wine-cellar/analytics?checkout=cancelled">Cancel and go back</a></p>`,
    );
  }

  private portalPage(url: URL): string {
    const customer = this.customer(url.searchParams.get('customer') ?? '');
    const s = customer?.subscription;
    if (!customer || !s) return page('Billing portal', '<h1>Billing portal</h1><p>No such customer.</p>');
    const ends = new Date(s.periodEnd * 1000).toISOString().slice(0, 10);
    const button = (action: PortalAction, label: string) =>
      `<form class="inline" method="post" action="/_dev/payments/portal"><input type="hidden" name="customer" value="${escapeHtml(customer.id)}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
    const actions =
      s.status !== 'active'
        ? '<p>This subscription has ended.</p>'
        : [
            s.cancelAtPeriodEnd
              ? button('resume', 'Resume subscription')
              : button('cancel', 'Cancel at period end'),
            s.plan === 'pro'
              ? button('switch-plus', 'Switch to Plus')
              : button('switch-pro', 'Switch to Pro'),
            button('end', 'End subscription now'),
          ].join('<br>');
    return page(
      'Billing portal',
      `<h1>Billing portal</h1>
<p>${escapeHtml(customer.email ?? customer.userId)}: <strong>${s.plan === 'pro' ? 'Pro' : 'Plus'}</strong>, ${s.status}${
        s.status === 'active' ? (s.cancelAtPeriodEnd ? `, ends ${ends}` : `, renews ${ends}`) : ''
      }</p>${actions}
<p><a href="/wine-cellar/analytics">Back to Kork</a></p>`,
    );
  }

  /** Serves `/_dev/payments*`; false for any other path. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith('/_dev/payments')) return false;
    const method = req.method ?? 'GET';
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
    };
    try {
      if (url.pathname === '/_dev/payments' && method === 'GET') html(200, this.checkoutPage(url));
      else if (url.pathname === '/_dev/payments/portal' && method === 'GET') html(200, this.portalPage(url));
      else if (url.pathname === '/_dev/payments/pay' && method === 'POST') {
        const form = await readForm(req);
        const userId = form.get('client_reference_id') ?? '';
        const email = form.get('email') || undefined;
        if (!userId) html(400, page('Checkout', '<p>No client_reference_id.</p>'));
        else {
          await this.checkout(origin, {
            plan: form.get('plan') === 'pro' ? 'pro' : 'plus',
            userId,
            ...(email ? { email } : {}),
          });
          redirect('/wine-cellar/analytics?checkout=success');
        }
      } else if (url.pathname === '/_dev/payments/portal' && method === 'POST') {
        const form = await readForm(req);
        const action = form.get('action') as PortalAction;
        if (!['cancel', 'resume', 'switch-plus', 'switch-pro', 'end'].includes(action)) {
          html(400, page('Billing portal', '<p>Unknown action.</p>'));
        } else {
          await this.portal(origin, form.get('customer') ?? '', action);
          redirect('/wine-cellar/analytics');
        }
      } else html(404, page('Not found', '<p>Not found.</p>'));
    } catch (error) {
      html(
        502,
        page(
          'Payment emulator',
          `<h1>The webhook refused the payment</h1><pre>${escapeHtml(String(error))}</pre>`,
        ),
      );
    }
    return true;
  }
}
