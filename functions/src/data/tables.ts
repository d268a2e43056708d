/**
 * Each domain owns its tables. A domain reads and writes its own entities through `tables('<domain>')`
 * and commits its transactions through `transaction('<domain>')`; both hand it only the entities it
 * owns, so reaching another domain's table is a type error. Where one transaction must span two
 * domains, the other domain exports transaction-item builders (functions returning `.commit()` items),
 * and the caller includes them in its own transaction.
 *
 * `scripts/check-architecture.ts` (part of `npm test`) proves that `tables('x')` and `transaction('x')`
 * are only called from `functions/src/x/`, that `db()` is only used in `data/`, and that every entity
 * here is listed under the domain whose folder defines it.
 */
import type { EntityItem } from 'electrodb';
import { db } from './entities';

/** Which domain owns which entity. An entity's schema lives in `functions/src/<domain>/entities/`. */
export const OWNERSHIP = {
  data: ['seedRun', 'jobRun'],
  platform: ['rateLimitWindow', 'idempotencyRecord'],
  accounts: ['user', 'accountEmail', 'accountIdentity', 'accountToken'],
  catalog: ['wine', 'winePriceChange', 'wineMerge'],
  tastings: ['tastingNote', 'wantToTry'],
  cellar: [
    'cellar',
    'cellarWine',
    'cellarHistory',
    'cellarLocation',
    'cellarVersion',
    'cellarChange',
    'locationShare',
    'wineListCategory',
    'exchangeRate',
  ],
  duties: ['dutyRateTable'],
  'wine-lists': ['wineList', 'wineListCounter', 'wineListPrint', 'wineListPublicWine'],
  'stock-counts': ['stockCount', 'stockCountEntry'],
  sales: ['sale', 'saleRollup'],
  orders: ['order', 'importerConnection'],
  marketplace: [
    'supplier',
    'supplierOffer',
    'cart',
    'checkout',
    'checkoutDetails',
    'supplierOrderRef',
    'supplierOrderMail',
  ],
  pricing: ['priceRuleSet', 'pricingSettings'],
  recipes: ['recipe', 'recipeCounter'],
  pos: ['posKey', 'posKeyCounter', 'posTransaction', 'posUnmappedLine', 'posProductMapping'],
  imports: ['importJob', 'importLine', 'importSlots', 'importColumnMemory'],
  events: ['wineEvent'],
  assistant: ['assistantConversation', 'assistantMessage', 'assistantUsage'],
  'market-values': ['valuationYear', 'communityPrice', 'valuationBudget'],
  billing: ['subscription', 'paymentEvent', 'planChange'],
} as const;

export type Domain = keyof typeof OWNERSHIP;
type AllEntities = ReturnType<typeof db>['entities'];
export type EntityName = keyof AllEntities;
export type OwnedBy<D extends Domain> = (typeof OWNERSHIP)[D][number];

/** The entities one domain owns. */
export type TablesOf<D extends Domain> = Pick<AllEntities, OwnedBy<D>>;

/** One stored item of an entity, as ElectroDB returns it. */
export type EntityRecord<N extends EntityName> = EntityItem<AllEntities[N]>;

// Every entity has exactly one owner (checked at compile time in both directions).
type Listed = (typeof OWNERSHIP)[Domain][number];
const everyEntityOwned: Record<EntityName, true> = {} as Record<Listed, true>;
void everyEntityOwned;

/**
 * One domain's entities out of the service's (or a transaction's view of them, which at run time is the
 * same object), made once per service and domain.
 */
const owned = new WeakMap<object, Map<Domain, unknown>>();

function only<T extends object, D extends Domain>(all: T, domain: D): Pick<T, OwnedBy<D> & keyof T> {
  let byDomain = owned.get(all);
  if (!byDomain) {
    byDomain = new Map();
    owned.set(all, byDomain);
  }
  let picked = byDomain.get(domain) as Pick<T, OwnedBy<D> & keyof T> | undefined;
  if (!picked) {
    const entities = all as Record<string, unknown>;
    picked = Object.fromEntries(OWNERSHIP[domain].map((name) => [name, entities[name]])) as Pick<
      T,
      OwnedBy<D> & keyof T
    >;
    byDomain.set(domain, picked);
  }
  return picked;
}

/** The entities `domain` owns, over the current DynamoDB client. */
export function tables<D extends Domain>(domain: D): TablesOf<D> {
  return only(db().entities, domain);
}

type Service = ReturnType<typeof db>;
type WriteBuild = Parameters<Service['transaction']['write']>[0];
type GetBuild = Parameters<Service['transaction']['get']>[0];
type WriteEntities = Parameters<WriteBuild>[0];
type GetEntities = Parameters<GetBuild>[0];

/**
 * Transactions over `domain`'s entities. `write` returns what `commitTransaction` expects; items built
 * by another domain's exported builders may be included in the list.
 */
export function transaction<D extends Domain>(domain: D) {
  const service = db();
  return {
    write: (build: (entities: Pick<WriteEntities, OwnedBy<D>>) => ReturnType<WriteBuild>) =>
      service.transaction.write((all) => build(only(all, domain))),
    get: (build: (entities: Pick<GetEntities, OwnedBy<D>>) => ReturnType<GetBuild>) =>
      service.transaction.get((all) => build(only(all, domain))),
  };
}

/**
 * `domain`'s entities as a transaction sees them, for a domain's exported transaction-item builders:
 * `orders/` exports `createOrderItem(order)` built from `writeItems('orders')`, and the marketplace puts
 * that item in its own `transaction('marketplace').write(...)` list, so one transaction spans both
 * domains while only `orders/` knows the order's table.
 */
export function writeItems<D extends Domain>(domain: D): Pick<WriteEntities, OwnedBy<D>> {
  return only(db().entities, domain) as unknown as Pick<WriteEntities, OwnedBy<D>>;
}
