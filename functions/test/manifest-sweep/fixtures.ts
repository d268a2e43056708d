/** The ids a route's path needs for the sweep, made through the API by the account that owns them. */
import type { RouteKey } from '@kork/functions/routes';
import {
  type Account,
  catalogWineId,
  freshAccount,
  linkToSupplier,
  nextOffer,
  ok,
  origin,
  paramsOf,
  placedCheckout,
  tillKeyOf,
} from './stack';

/** The ids a route's path needs, all owned by `account`: its cellar, a wine, a location, a note, … */
export async function fixturesFor(key: RouteKey, account: Account): Promise<Record<string, string>> {
  const { token } = account;
  const cellarBase = `/api/wine-cellars/users/${account.id}`;
  const values: Record<string, string> = {};
  const cellarId = async () =>
    (await ok(origin.api<{ rows: { id: string }[] }>('GET', `${cellarBase}/cellars`, { token }))).rows[0]
      ?.id as string;
  const location = async () =>
    ok(
      origin.api<{ id: string }>('POST', `${cellarBase}/locations`, { token, json: { name: 'Sveiprommet' } }),
    );
  if (key.includes('/api/supplier-portal/orders/{ownerId}/{orderId}')) {
    // An order placed with the supplier the account answers for: the buyer's id and the order's.
    const offer = await nextOffer();
    await linkToSupplier(account, offer.supplierId);
    const buyer = await freshAccount('business');
    const { result } = await placedCheckout(buyer, offer);
    values.ownerId = buyer.id;
    values.orderId = result.orders[0]?.id as string;
  } else if (key.includes('/api/supplier-portal')) {
    // The portal's other writes are an importer's: the account answers for a supplier.
    await linkToSupplier(account, (await nextOffer()).supplierId);
  }
  if (key.includes('/api/events/{eventId}')) {
    // An event the account organises, with one list of one catalogue wine.
    const event = await ok(
      origin.api<{ id: string; wineLists: { id: string }[] }>('POST', '/api/events', {
        token,
        json: {
          type: 'public',
          horecaPrices: false,
          name: 'Sveipesmaking',
          category: 'tasting',
          startDate: '2027-03-04',
          endDate: '2027-03-04',
          startTime: '18:00',
          endTime: '21:00',
          location: 'Sveipebaren, Torggata 1',
          city: 'Oslo',
          wineLists: [{ name: 'Sveipeliste', wineIds: [catalogWineId] }],
        },
      }),
    );
    values.eventId = event.id;
    values.listId = event.wineLists[0]?.id as string;
  }
  for (const name of paramsOf(key)) {
    if (values[name] !== undefined) continue;
    if (name === 'id') {
      if (/\/api\/(wine-cellars\/|admin\/)?users\/\{id\}/.test(key)) values.id = account.id;
      else if (key.includes('/api/wine-cellars/cellars/{id}')) values.id = await cellarId();
      else if (/\/api\/(embed\/)?wines\/\{id\}/.test(key)) values.id = catalogWineId;
      else if (key.includes('/api/tastings/{id}')) {
        const note = await ok(
          origin.api<{ id: string }>('POST', `/api/wines/${catalogWineId}/tastings`, {
            token,
            json: { points: 90, date: '2024-06-01', isPublished: false },
          }),
        );
        values.id = note.id;
      }
    } else if (name === 'wineId') values.wineId = catalogWineId;
    else if (name === 'cellarId') values.cellarId = await cellarId();
    else if (name === 'locationId') values.locationId = (await location()).id;
    else if (name === 'categoryId') {
      const category = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/wine-list-categories`, {
          token,
          json: { name: 'Sveip' },
        }),
      );
      values.categoryId = category.id;
    } else if (name === 'ownWineId') {
      const wine = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/own-wines`, {
          token,
          json: { source: 'CUSTOM', wineName: 'Sveipevin', bottleSize: 0.75, quantity: 2 },
        }),
      );
      values.ownWineId = wine.id;
    } else if (name === 'listId') {
      const list = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/wine-lists`, {
          token,
          json: { name: 'Sveipekart', isPublic: true },
        }),
      );
      values.listId = list.id;
    } else if (name === 'countId') {
      const count = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/stock-counts`, {
          token,
          json: { name: 'Sveipetelling' },
        }),
      );
      values.countId = count.id;
    } else if (name === 'saleId' || name === 'orderId') {
      const wine = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/own-wines`, {
          token,
          json: { source: 'CUSTOM', wineName: 'Sveipevin', bottleSize: 0.75, quantity: 2 },
        }),
      );
      const products = [{ ownWineId: wine.id, units: 1, unitPrice: 100, unitCost: 100 }];
      if (name === 'saleId') {
        const sale = await ok(
          origin.api<{ id: string }>('POST', `${cellarBase}/sales`, {
            token,
            json: { products: products.map(({ unitCost: _, ...line }) => line) },
          }),
        );
        values.saleId = sale.id;
      } else {
        const order = await ok(
          origin.api<{ id: string }>('POST', `${cellarBase}/orders`, {
            token,
            json: { type: 'purchase', products: products.map(({ unitPrice: _, ...line }) => line) },
          }),
        );
        values.orderId = order.id;
      }
    } else if (name === 'recipeId') {
      const recipe = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/recipes`, {
          token,
          json: {
            name: 'Sveipedrink',
            ingredients: [{ kind: 'other', name: 'Tonic', amount: 20, unit: 'cl', costPerUnit: 90 }],
          },
        }),
      );
      values.recipeId = recipe.id;
    } else if (name === 'ruleSetId') {
      const set = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/price-rules`, {
          token,
          json: {
            name: 'Sveiperegler',
            basis: 'incVat',
            direction: 'increase',
            rounding: 'none',
            ranges: [{ from: 9_999_900, to: null, sellingPrice: { kind: 'fixed', value: 100 } }],
          },
        }),
      );
      values.ruleSetId = set.id;
    } else if (name === 'keyId') {
      values.keyId = (await tillKeyOf(account)).id;
    } else if (name === 'importId') {
      // A file import waiting for its upload: nothing happens to it until a file arrives.
      const job = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/imports`, {
          token,
          json: { kind: 'excel', fileName: 'sveip.csv', contentType: 'text/csv', fileSize: 20 },
        }),
      );
      values.importId = job.id;
    } else if (name === 'supplierId') {
      values.supplierId = (await nextOffer()).supplierId;
    } else if (name === 'itemId') {
      // An add answers the line it added.
      const added = await ok(
        origin.api<{ line: { id: string } }>(
          'POST',
          `/api/wine-cellars/cellars/${await cellarId()}/nbs/cart-items`,
          { token, json: await nextOffer() },
        ),
      );
      values.itemId = added.line.id;
    } else if (name === 'checkoutId') {
      values.checkoutId = (await placedCheckout(account, await nextOffer())).result.checkoutId;
    } else if (name === 'conversationId') {
      const conversation = await ok(
        origin.api<{ id: string }>('POST', '/api/assistant/conversations', { token }),
      );
      values.conversationId = conversation.id;
    } else if (name === 'token') {
      const shared = await location();
      const answer = await ok(
        origin.api<{ shareToken: string }>('POST', `${cellarBase}/locations/${shared.id}/share`, { token }),
      );
      values.token = answer.shareToken;
    }
    if (values[name] === undefined) throw new Error(`${key}: no fixture for {${name}}; teach fixturesFor`);
  }
  return values;
}
