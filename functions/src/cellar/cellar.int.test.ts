import { accountsSeed } from '@kork/functions/accounts/seed';
import type { Cellar, CellarVat } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['private', 'restaurant'] });
const { tokens, userIds } = accounts;

describe('the cellar and its settings', () => {
  let cellar: Cellar;

  it('gives every account one cellar, made on first use in its currency with a 15 cl glass and 25 % VAT', async () => {
    const first = await origin.api<{ rows: Cellar[]; count: number }>(
      'GET',
      `/api/wine-cellars/users/${userIds.private}/cellars`,
      { token: tokens.private },
    );
    expect(first.status).toBe(200);
    expect(first.payload.count).toBe(1);
    cellar = first.payload.rows[0] as Cellar;
    expect(cellar).toMatchObject({ ownerId: userIds.private, baseCurrency: 'NOK', defaultGlassSize: 15 });
    expect(cellar.vats.red).toBe(25);
    const again = await origin.api<{ rows: Cellar[] }>(
      'GET',
      `/api/wine-cellars/users/${userIds.private}/cellars`,
      {
        token: tokens.private,
      },
    );
    expect(again.payload.rows[0]?.id).toBe(cellar.id);
  });

  it("keeps a cellar to its owner: another person's ids answer 403, no token 401", async () => {
    const path = `/api/wine-cellars/users/${userIds.private}/cellars`;
    expect((await origin.api('GET', path, { token: tokens.restaurant })).status).toBe(403);
    expect((await origin.api('GET', path)).status).toBe(401);
    const patch = await origin.api('PATCH', `/api/wine-cellars/cellars/${cellar.id}`, {
      token: tokens.restaurant,
      json: { defaultGlassSize: 12 },
    });
    expect(patch.status).toBe(403);
    expect(
      (await origin.api('GET', `/api/wine-cellars/cellars/${cellar.id}/vats`, { token: tokens.restaurant }))
        .status,
    ).toBe(403);
    expect(
      (await origin.api('GET', '/api/wine-cellars/cellars/nope/vats', { token: tokens.private })).status,
    ).toBe(404);
  });

  it('rejects a 100 cl glass with the spec message and changes nothing', async () => {
    const answer = await origin.api('PATCH', `/api/wine-cellars/cellars/${cellar.id}`, {
      token: tokens.private,
      json: { defaultGlassSize: 100, baseCurrency: 'EUR' },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.defaultGlassSize).toBe('Glass size can be at most 99 cl');
    const unchanged = await origin.api<{ rows: Cellar[] }>(
      'GET',
      `/api/wine-cellars/users/${userIds.private}/cellars`,
      {
        token: tokens.private,
      },
    );
    expect(unchanged.payload.rows[0]).toMatchObject({ baseCurrency: 'NOK', defaultGlassSize: 15 });
  });

  it('saves the base currency, glass size and VAT per style', async () => {
    const answer = await origin.api<Cellar>('PATCH', `/api/wine-cellars/cellars/${cellar.id}`, {
      token: tokens.private,
      json: { baseCurrency: 'EUR', defaultGlassSize: 12.5, vats: { nonAlcoholic: 15 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.payload).toMatchObject({ baseCurrency: 'EUR', defaultGlassSize: 12.5 });
    const vats = await origin.api<{ rows: CellarVat[]; count: number }>(
      'GET',
      `/api/wine-cellars/cellars/${cellar.id}/vats`,
      { token: tokens.private },
    );
    expect(vats.payload.rows).toContainEqual({ style: 'nonAlcoholic', percentage: 15 });
    expect(vats.payload.rows).toContainEqual({ style: 'red', percentage: 25 });
  });
});
