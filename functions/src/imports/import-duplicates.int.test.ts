/**
 * Duplicates of a batch import against a cellar in DynamoDB Local: wines added through the API (a
 * catalogue wine and a custom one) and by an import (a custom wine with a Vectura number) are found
 * for the lines that are them, and a wine added afterwards is found at once.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { importOwnWines } from '@kork/functions/cellar/wines/cellar-wine-imports';
import { findDuplicates } from '@kork/functions/imports/duplicates';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { accounts } = useSeededStack({ seeds: [accountsSeed, catalogSeed], signIn: ['private'] });
const { userIds } = accounts;
const P = 'private';
const catalogue: WineRecord[] = [];

beforeAll(async () => {
  for await (const page of allWines()) {
    for (const wine of page) if (wine.status === 'active' && wine.vinmonopoletNumber) catalogue.push(wine);
  }
  expect(catalogue.length).toBeGreaterThan(3);
});

describe('findDuplicates', () => {
  it('finds the cellar wine of a line: its catalogue wine, its numbers, or a custom wine like it', async () => {
    const ownerId = userIds[P] as string;
    const [first, second, third] = catalogue as [WineRecord, WineRecord, WineRecord];
    const kork = await accounts.addWine(P, { source: 'KORK', wineId: first.id, quantity: 4 });
    const own = await accounts.addWine(P, {
      source: 'CUSTOM',
      wineName: 'Husets Rødvin',
      producerName: 'Vinhuset Ås',
      vintage: 2019,
      bottleSize: 0.75,
      mainCategoryId: 'red',
      quantity: 2,
    });
    const [imported] = await importOwnWines(
      ownerId,
      [
        {
          kind: 'new',
          input: {
            source: 'CUSTOM',
            wineName: 'Cuvée fra Vectura',
            vintage: 2020,
            bottleSize: 0.75,
            mainCategoryId: 'white',
            quantity: 5,
          },
          externalIds: [{ kind: 'VecturaID', value: '40123' }],
        },
      ],
      { userId: ownerId, role: 'user' },
      () => [],
    );

    const answers = await findDuplicates(ownerId, [
      { parsed: { wineName: first.name }, choice: { kind: 'catalog', wineId: first.id } },
      {
        parsed: { wineName: 'anything', vinmonopoletNumber: first.vinmonopoletNumber },
        choice: { kind: 'custom' },
      },
      { parsed: { wineName: 'anything', vecturaNumber: '40123' }, choice: { kind: 'custom' } },
      {
        parsed: { wineName: 'husets rodvin', producer: 'Vinhuset As', vintage: 2019 },
        choice: { kind: 'custom' },
      },
      {
        parsed: { wineName: 'Husets Rødvin', producer: 'Vinhuset Ås', vintage: 2018 },
        choice: { kind: 'custom' },
      },
      { parsed: { wineName: second.name }, choice: { kind: 'catalog', wineId: second.id } },
    ]);
    expect(answers).toEqual([
      { ownWineId: kork.id, wineDisplayName: kork.wineDisplayName, quantity: 4 },
      { ownWineId: kork.id, wineDisplayName: kork.wineDisplayName, quantity: 4 },
      { ownWineId: imported, wineDisplayName: expect.stringContaining('Cuvée fra Vectura'), quantity: 5 },
      { ownWineId: own.id, wineDisplayName: own.wineDisplayName, quantity: 2 },
      undefined,
      undefined,
    ]);

    // A wine added now is seen by the next look (the cellar's snapshot follows its version).
    const later = await accounts.addWine(P, { source: 'KORK', wineId: third.id, quantity: 1 });
    const [again] = await findDuplicates(ownerId, [
      { parsed: { wineName: third.name }, choice: { kind: 'catalog', wineId: third.id } },
    ]);
    expect(again?.ownWineId).toBe(later.id);
    expect(await findDuplicates(ownerId, [])).toEqual([]);
  });
});
