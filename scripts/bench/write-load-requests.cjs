/**
 * The requests of the write-load bench (scripts/bench/write-load.ts), built in autocannon's worker thread:
 * every request a distinct write. The plan comes from the parent through `KORK_WRITE_LOAD` (JSON), since
 * a worker takes its request builders as file paths. CommonJS, because autocannon `require`s it.
 *
 * - `till`: a signed sale event with a transaction id of its own, round-robin over the POS keys (each
 *   key's cellar, one of its wines: two bottles or three glasses).
 * - `count`: the next 90 (wine, location) pairs of one of the open counts, round-robin over the counts.
 */
const { createHmac } = require('node:crypto');

const plan = JSON.parse(process.env.KORK_WRITE_LOAD || '{}');
let next = 0;

function till(request) {
  const i = next++;
  const key = plan.keys[i % plan.keys.length];
  const round = Math.floor(i / plan.keys.length);
  const wineId = key.wineIds[round % key.wineIds.length];
  const line =
    i % 2 === 0
      ? { productId: `B-${wineId}`, quantity: 2, unitPrice: 50000 }
      : { productId: `G-${wineId}`, quantity: 3, unitPrice: 15000 };
  const body = JSON.stringify({
    posTransactionId: `${plan.run}-${key.id}-${round}`,
    soldAt: new Date().toISOString(),
    lines: [line],
  });
  request.body = body;
  request.headers = {
    ...request.headers,
    'content-type': 'application/json',
    'x-api-key': key.id,
    'x-kork-signature': `sha256=${createHmac('sha256', key.secret).update(body).digest('hex')}`,
  };
  return request;
}

function count(request) {
  const i = next++;
  const target = plan.counts[i % plan.counts.length];
  const batch = Math.floor(i / plan.counts.length);
  const entries = [];
  for (let k = 0; k < plan.batch; k++) {
    // Pairs walk the wines first, then the locations: every (wine, location) once per count.
    const n = (batch * plan.batch + k) % (target.wineIds.length * target.locationIds.length);
    const wine = n % target.wineIds.length;
    const location = Math.floor(n / target.wineIds.length);
    entries.push({
      ownWineId: target.wineIds[wine],
      locationId: target.locationIds[location],
      counted: (wine + location) % 13,
    });
  }
  request.method = 'PUT';
  request.path = `/api/wine-cellars/users/${target.ownerId}/stock-counts/${target.countId}/entries`;
  request.body = JSON.stringify({ entries });
  request.headers = {
    ...request.headers,
    'content-type': 'application/json',
    'x-api-key': 'kork-local-web',
    authorization: `Bearer ${target.token}`,
  };
  return request;
}

module.exports = plan.kind === 'count' ? count : till;
