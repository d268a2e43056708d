/**
 * Plans through the API against DynamoDB Local (docs/billing.md): a free account's checkout links; a
 * signed checkout upgrades, the same event again changes nothing, a tampered one is a 400 that changes
 * nothing; cancellation at period end; a downgrade waits for the period end; events out of order; the
 * administrator's routes; and a whole checkout through the local payment emulator's own signing.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import type { AdminPlanAnswer, PlanAnswer } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { EMULATOR_PRICES } from '../../../infra/local/payment-emulator';
import { useSeededStack } from '../../test/seeded-stack';
import { countOwned, ownedItems } from '../data/owned-purge';
import { tables } from '../data/tables';
import { OWNED_ENTITIES, purgeAccountData } from './account-purge';
import { payingUserIds } from './plan-service';
import { billingSeed } from './seed';
import { signPayload } from './webhook-signature';

const { origin, accounts, signedInAs } = useSeededStack({
  seeds: [accountsSeed, billingSeed],
  signIn: ['admin', 'private', 'expert', 'sommelier', 'critic', 'importer'],
});
const admin = signedInAs('admin');
const DAY = 86_400;
const nowSec = () => Math.floor(Date.now() / 1000);
let counter = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now()}_${counter++}`;

function event(type: string, object: Record<string, unknown>, created = nowSec()) {
  return { id: nextId('evt'), object: 'event', type, created, data: { object } };
}

function subscriptionObject(
  customer: string,
  subscription: string,
  plan: 'plus' | 'pro',
  extra: { status?: string; cancel?: boolean; periodEnd?: number } = {},
) {
  return {
    id: subscription,
    object: 'subscription',
    customer,
    status: extra.status ?? 'active',
    cancel_at_period_end: extra.cancel ?? false,
    items: {
      data: [
        { price: { id: EMULATOR_PRICES[plan] }, current_period_end: extra.periodEnd ?? nowSec() + 30 * DAY },
      ],
    },
  };
}

async function post(
  body: unknown,
  options: { tamper?: (raw: string) => string; secret?: string; header?: string } = {},
) {
  const raw = JSON.stringify(body);
  const header = options.header ?? signPayload(raw, options.secret ?? origin.stack.payments.secret, nowSec());
  const res = await fetch(`${origin.base}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: options.tamper ? options.tamper(raw) : raw,
  });
  const answer = (await res.json()) as {
    payload?: { outcome: string };
    error?: { code: string; message: string };
  };
  return { status: res.status, outcome: answer.payload?.outcome, error: answer.error };
}

const planOf = async (name: 'private' | 'expert' | 'sommelier' | 'critic' | 'importer') =>
  (await signedInAs(name)<PlanAnswer>('GET', '/api/account/plan')).payload;
const auditOf = async (userId: string) =>
  (await admin<AdminPlanAnswer>('GET', `/api/admin/users/${userId}/plan`)).payload.audit;

async function checkout(userId: string, plan: 'plus' | 'pro', created = nowSec()) {
  const customer = nextId('cus');
  const subscription = nextId('sub');
  const completed = event(
    'checkout.session.completed',
    {
      id: nextId('cs'),
      object: 'checkout.session',
      client_reference_id: userId,
      customer,
      subscription,
      metadata: { plan },
    },
    created,
  );
  expect((await post(completed)).status).toBe(200);
  const created_ = event(
    'customer.subscription.created',
    subscriptionObject(customer, subscription, plan),
    created,
  );
  expect((await post(created_)).status).toBe(200);
  return { customer, subscription, completed };
}

describe('plans', () => {
  it('a free account gets plan free and a checkout link per plan carrying its id', async () => {
    const answer = await planOf('private');
    expect(answer.plan).toBe('free');
    expect(answer.checkoutUrls?.plus).toContain(`client_reference_id=${accounts.userIds.private}`);
    expect(answer.checkoutUrls?.pro).toContain('plan=pro');
    expect(answer.checkoutUrl).toBe(answer.checkoutUrls?.plus);
    expect(answer.portalUrl).toBeUndefined();
  });

  it('a signed checkout upgrades to Plus; the same event again changes nothing; a tampered one is refused', async () => {
    const userId = accounts.userIds.private as string;
    const { completed, customer, subscription } = await checkout(userId, 'plus');
    const answer = await planOf('private');
    expect(answer.plan).toBe('plus');
    expect(answer.renewsAt).toBeDefined();
    expect(await auditOf(userId)).toHaveLength(1);

    const again = await post(completed);
    expect(again).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(await auditOf(userId)).toHaveLength(1);

    const deleted = event(
      'customer.subscription.deleted',
      subscriptionObject(customer, subscription, 'plus', { status: 'canceled' }),
    );
    const tampered = await post(deleted, { tamper: (raw) => raw.replace('"canceled"', '"cancelled"') });
    expect(tampered.status).toBe(400);
    expect(tampered.error?.message).toBe('Invalid signature');
    const unsigned = await post(deleted, { header: '' });
    expect(unsigned.status).toBe(400);
    const wrongSecret = await post(deleted, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    const stale = await post(deleted, {
      header: signPayload(JSON.stringify(deleted), origin.stack.payments.secret, nowSec() - 400),
    });
    expect(stale.status).toBe(400);
    expect((await planOf('private')).plan).toBe('plus');
    const { data } = await tables('billing').paymentEvent.get({ eventId: deleted.id }).go();
    expect(data).toBeNull();
  });

  it('cancelled at period end keeps the plan until the end; deleted makes it free', async () => {
    const userId = accounts.userIds.expert as string;
    const { customer, subscription } = await checkout(userId, 'pro');
    const end = nowSec() + 20 * DAY;
    await post(
      event(
        'customer.subscription.updated',
        subscriptionObject(customer, subscription, 'pro', { cancel: true, periodEnd: end }),
      ),
    );
    const ending = await planOf('expert');
    expect(ending.plan).toBe('pro');
    expect(ending.endsAt).toBe(new Date(end * 1000).toISOString());
    expect(ending.renewsAt).toBeUndefined();
    await post(
      event(
        'customer.subscription.deleted',
        subscriptionObject(customer, subscription, 'pro', {
          status: 'canceled',
          cancel: true,
          periodEnd: end,
        }),
      ),
    );
    const after = await planOf('expert');
    expect(after.plan).toBe('free');
    expect(after.checkoutUrls?.pro).toBeDefined();
    expect(await payingUserIds()).not.toContain(userId);
    // The sparse index no longer holds the account at all.
    const { data } = await tables('billing')
      .subscription.query.paying({ payingIndex: 'paying' })
      .go({ pages: 'all' });
    expect(data.map((s) => s.ownerId)).not.toContain(userId);
    expect(data.length).toBeGreaterThan(0);
  });

  it('the same event delivered twice at once applies once', async () => {
    const userId = accounts.userIds.expert as string;
    const before = (await auditOf(userId)).length;
    const completed = event('checkout.session.completed', {
      id: nextId('cs'),
      client_reference_id: userId,
      customer: nextId('cus'),
      subscription: nextId('sub'),
      metadata: { plan: 'plus' },
    });
    const outcomes = (await Promise.all([post(completed), post(completed)])).map((a) => a.outcome).sort();
    expect(outcomes).toEqual(['applied', 'duplicate']);
    expect(await auditOf(userId)).toHaveLength(before + 1);
    expect((await planOf('expert')).plan).toBe('plus');
  });

  it('a downgrade Pro → Plus waits for the end of the paid period', async () => {
    const userId = accounts.userIds.sommelier as string;
    const { customer, subscription } = await checkout(userId, 'pro');
    await post(event('customer.subscription.updated', subscriptionObject(customer, subscription, 'plus')));
    const answer = await planOf('sommelier');
    expect(answer.plan).toBe('pro');
    expect(answer.pending?.plan).toBe('plus');
    expect(Date.parse(answer.pending?.from ?? '')).toBeGreaterThan(Date.now() + 29 * DAY * 1000);
    expect(await payingUserIds()).toContain(userId);
  });

  it('an update that arrives before its checkout still ends in the newest state', async () => {
    const userId = accounts.userIds.critic as string;
    const customer = nextId('cus');
    const subscription = nextId('sub');
    const t = nowSec();
    const end = t + 25 * DAY;
    const update = event(
      'customer.subscription.updated',
      subscriptionObject(customer, subscription, 'plus', { cancel: true, periodEnd: end }),
      t + 2,
    );
    expect(await post(update)).toMatchObject({ status: 200, outcome: 'unclaimed' });
    const completed = event(
      'checkout.session.completed',
      { id: nextId('cs'), client_reference_id: userId, customer, subscription, metadata: { plan: 'plus' } },
      t,
    );
    expect((await post(completed)).status).toBe(200);
    // The subscription's creation, older than the update, comes last and rolls nothing back.
    const createdLate = event(
      'customer.subscription.created',
      subscriptionObject(customer, subscription, 'plus', { periodEnd: end }),
      t,
    );
    expect(await post(createdLate)).toMatchObject({ status: 200, outcome: 'stale' });
    const answer = await planOf('critic');
    expect(answer.plan).toBe('plus');
    expect(answer.endsAt).toBe(new Date(end * 1000).toISOString());
  });

  it('an event for nobody, and an event type not handled, are acknowledged and change nothing', async () => {
    const nobody = await post(
      event('customer.subscription.updated', subscriptionObject(nextId('cus'), nextId('sub'), 'pro')),
    );
    expect(nobody).toMatchObject({ status: 200, outcome: 'unclaimed' });
    const other = await post(event('charge.refunded', { id: 'ch_1' }));
    expect(other).toMatchObject({ status: 200, outcome: 'ignored' });
  });

  it('only an administrator reads or sets a plan; a set plan is audited and wins; an unknown account is 404', async () => {
    const importer = signedInAs('importer');
    const userId = accounts.userIds.importer as string;
    expect((await importer('GET', `/api/admin/users/${userId}/plan`)).status).toBe(403);
    expect(
      (await importer('PUT', `/api/admin/users/${userId}/plan`, { json: { plan: 'pro', reason: 'me' } }))
        .status,
    ).toBe(403);
    expect(
      (await admin('PUT', '/api/admin/users/no-such-user/plan', { json: { plan: 'pro', reason: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await admin('PUT', `/api/admin/users/${userId}/plan`, { json: { plan: 'gold', reason: 'x' } })).status,
    ).toBe(400);

    const set = await admin<AdminPlanAnswer>('PUT', `/api/admin/users/${userId}/plan`, {
      json: { plan: 'pro', reason: 'Pilot customer' },
    });
    expect(set.status).toBe(200);
    expect(set.payload).toMatchObject({ plan: 'pro', manual: true, userId });
    expect(set.payload.audit[0]).toMatchObject({
      plan: 'pro',
      previousPlan: 'free',
      reason: 'Pilot customer',
      by: accounts.userIds.admin,
    });
    expect(set.payload.audit[0]?.byName).toBe('Ada Admin');
    expect((await planOf('importer')).plan).toBe('pro');
    expect(await payingUserIds()).toContain(userId);
  });

  it('the demo restaurant is on Pro by hand, audited "demo"', async () => {
    const answer = await admin<AdminPlanAnswer>('GET', '/api/admin/users/demo-restaurant/plan');
    expect(answer.payload.plan).toBe('pro');
    expect(answer.payload.audit.map((a) => a.reason)).toEqual(['demo']);
    expect(await billingSeed.run(() => undefined)).toContain('already');
  });

  it('a checkout through the local payment emulator signs as Stripe does and opens the portal', async () => {
    const userId = accounts.userIds.private as string;
    // The private account's earlier subscription ends; the emulator's checkout starts a new one on Pro.
    const customer = await origin.stack.payments.checkout(origin.base, {
      plan: 'pro',
      userId,
      email: 'private@kork.local',
    });
    const answer = await planOf('private');
    expect(answer.plan).toBe('pro');
    expect(answer.portalUrl).toBe(`/_dev/payments/portal?customer=${customer.id}`);
    await origin.stack.payments.portal(origin.base, customer.id, 'cancel');
    expect((await planOf('private')).endsAt).toBeDefined();

    const page = await fetch(`${origin.base}/_dev/payments?plan=plus&client_reference_id=${userId}`);
    const html = await page.text();
    expect(html).toContain('Local payment emulator');
    expect(html).toContain('<button type="submit">Pay</button>');

    // The page's Pay button: a form post that sends the signed events and returns to the analytics page.
    const paid = await fetch(`${origin.base}/_dev/payments/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ plan: 'plus', client_reference_id: userId, email: 'private@kork.local' }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/wine-cellar/analytics?checkout=success');
    const afterPay = await planOf('private');
    expect(afterPay.plan).toBe('plus');
    expect(afterPay.renewsAt).toBeDefined();
  });

  it("deleting the account's data removes its subscription, audit and events", async () => {
    const userId = accounts.userIds.sommelier as string;
    expect(await purgeAccountData(userId, Date.now() + 60_000)).toBe(true);
    for (const entity of OWNED_ENTITIES) expect(await countOwned(userId, entity)).toBe(0);
    const left = await ownedItems(userId, { pages: 'all' });
    for (const entity of OWNED_ENTITIES) expect(left[entity] ?? []).toEqual([]);
    expect((await planOf('sommelier')).plan).toBe('free');
  });
});
