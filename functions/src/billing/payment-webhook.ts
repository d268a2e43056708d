/**
 * `POST /api/payments/webhook` (public, no client key): the payment provider's events, the only thing
 * that sets a plan besides an administrator. The `Stripe-Signature` is checked on the raw body before
 * anything reads it; a bad or missing signature is a 400 and changes nothing (docs/billing.md).
 */
import { payments } from '../adapters/payments';
import { MalformedJsonError, ValidationError } from '../platform/errors';
import { httpRoute } from '../platform/http';
import { parseEvent } from './provider-events';
import { receiveEvent } from './webhook-service';
import { verifySignature } from './webhook-signature';

export const handler = httpRoute('POST /api/payments/webhook', { rawBody: true }, async (req) => {
  const raw = req.body as unknown as Buffer;
  const port = await payments();
  const check = verifySignature(raw, req.headers['stripe-signature'], await port.webhookSecrets());
  if (!check.ok) {
    req.log.warn('payment webhook signature refused', { reason: check.reason });
    throw new ValidationError({ 'stripe-signature': 'invalidSignature' }, { key: 'invalidSignature' });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new MalformedJsonError();
  }
  const event = parseEvent(json);
  if (!event) throw new ValidationError({ id: 'invalidValue' });
  const outcome = await receiveEvent(event, port, req.log);
  req.log.info('payment event', { eventId: event.id, type: event.type, outcome });
  return { payload: { received: true, outcome } };
});
