/**
 * Recording and deleting sales (docs/sales-and-orders.md). A sale takes its bottles out of stock in the
 * same transaction as the sale record, each wine with a SOLD history entry; deleting it puts them back
 * with SALE_DELETED entries (a till's pours go back into the open bottle where they fit; docs/pos.md).
 * Both are relative changes: when a wine changed since it was read, the step
 * is decided again on the fresh wine (the sale's id is fixed, and its record is created only where
 * there is none, so a repeat cannot record it twice).
 */
import {
  bottleCentiCl,
  centiCl,
  clOf,
  type MainCategory,
  type MessageKey,
  type PourStock,
  SALE_LIMITS,
  type Sale,
  type SaleInput,
  type SaleLine,
  todayIso,
  unpour,
  wineDisplayName,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { locationIdsOf } from '../cellar/kernel/locations';
import { currentWine, locationKey, STALE } from '../cellar/kernel/wine-fields';
import {
  type CellarWineRecord,
  historyRecord,
  ownOf,
  placementList,
  placementMap,
} from '../cellar/kernel/wine-records';
import {
  laterThan,
  MAX_TRANSACTION_ITEMS,
  type WineChange,
  writeTransaction,
} from '../cellar/kernel/wine-transaction';
import { writeItems } from '../data/tables';
import { retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, DomainError, UnprocessableError, ValidationError } from '../platform/errors';
import { rollupAdds, rollupSubtractions } from './sale-rollups';
import { currentSale, partyOf, type SaleRecord, saleRecordOf, toSale } from './sale-store';
import { deleteItemsOf, locationsOf } from './sale-transaction-size';

/**
 * Attempts of a sale (or a sale's deletion) before it answers 409: many sales of one wine at once each
 * apply in turn, one per round. It stops well within the route's time limit.
 */
const SALE_ATTEMPTS = 40;
const SALE_BUDGET_MS = 20_000;

/**
 * 409: the wine (or the location named) has fewer bottles than the sale takes. Not a ConflictError:
 * reading again does not make bottles appear, so it is not tried again.
 */
export class NotEnoughStockError extends DomainError {
  override name = 'NotEnoughStockError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(field: string, wine: string, count: number) {
    const text = withBounds('notEnoughStock', { wine, count });
    super({ key: text as MessageKey }, { [field]: text });
  }
}

type Placements = Record<string, number>;

const nameOf = (record: CellarWineRecord) =>
  wineDisplayName({
    wineName: record.wineName,
    producerName: record.producerName,
    vintage: record.vintage ?? null,
  });

const bottlesIn = (placements: Placements) =>
  Object.values(placements).reduce((sum, n) => sum + Math.max(0, n), 0);

/**
 * Takes `units` bottles out of `placements` (changed in place): from the location named, or by default
 * from the location with most bottles, then the next fullest, and so on. Answers where they came from.
 */
function takeBottles(
  placements: Placements,
  units: number,
  locationId: string | undefined,
  refuse: (count: number) => never,
): { key: string; units: number }[] {
  if (locationId !== undefined) {
    const key = locationKey(locationId) ?? '_';
    const there = placements[key] ?? 0;
    if (there < units) refuse(there);
    placements[key] = there - units;
    return [{ key, units }];
  }
  const available = bottlesIn(placements);
  if (available < units) refuse(available);
  const taken: { key: string; units: number }[] = [];
  let remaining = units;
  for (const { locationId: id, quantity } of placementList(placements)) {
    if (remaining === 0) break;
    const key = id ?? '_';
    const take = Math.min(quantity, remaining);
    placements[key] = quantity - take;
    taken.push({ key, units: take });
    remaining -= take;
  }
  return taken;
}

/**
 * Records a sale: checks every wine is in the cellar and holds the bottles, then writes the sale, the
 * wines and their SOLD entries in one transaction. Lines of one wine are one change to it. A line whose
 * bottles come from more than one location (no location named, the fullest one not holding them all)
 * is recorded as one line per location, so deleting the sale puts each bottle back where it was.
 */
export async function createSale(ownerId: string, input: SaleInput, principal: Principal): Promise<Sale> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const saleId = ulid();
  const started = Date.now();
  const outcome = await retryOnConflict(async (attempt) => {
    // An earlier attempt whose answer was lost on the way back may have written it.
    if (attempt > 0) {
      const written = await currentSale(ownerId, saleId);
      if (written) return written;
      if (Date.now() - started > SALE_BUDGET_MS) return STALE;
    }
    const named = input.products.some((line) => line.locationId !== undefined);
    const locationIds = named ? await locationIdsOf(ownerId) : new Set<string>();
    const fields: Record<string, string> = {};
    input.products.forEach((line, index) => {
      const key = locationKey(line.locationId);
      if (key !== null && !locationIds.has(key)) fields[`products.${index}.locationId`] = 'unknownLocation';
    });
    const wineIds = [...new Set(input.products.map((line) => line.ownWineId))];
    const records = new Map<string, CellarWineRecord>();
    for (const record of await Promise.all(wineIds.map((id) => currentWine(ownerId, id))))
      if (record) records.set(record.id, record);
    input.products.forEach((line, index) => {
      if (!records.has(line.ownWineId)) fields[`products.${index}.ownWineId`] = 'winesNotInCellar';
    });
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);

    const placements = new Map<string, Placements>(
      [...records.values()].map((r) => [r.id, { ...(r.placements as Placements) }]),
    );
    const lines: SaleLine[] = [];
    input.products.forEach((line, index) => {
      const record = records.get(line.ownWineId) as CellarWineRecord;
      const display = nameOf(record);
      const taken = takeBottles(
        placements.get(record.id) as Placements,
        line.units,
        line.locationId,
        (count) => {
          throw new NotEnoughStockError(`products.${index}.units`, display, count);
        },
      );
      const unitCost = ownOf(record).purchasePriceWovat;
      for (const { key, units } of taken) {
        lines.push({
          ownWineId: record.id,
          wineDisplayName: display,
          mainCategoryId: record.mainCategoryId,
          country: record.country,
          units,
          unitPrice: line.unitPrice,
          byGlass: line.byGlass ?? false,
          locationId: key === '_' ? null : key,
          ...(unitCost === undefined ? {} : { unitCost }),
          vatPercentage: cellar.vats[record.mainCategoryId as MainCategory] ?? 0,
          total: units * line.unitPrice,
        });
      }
    });

    // The bottles' locations are known only now (a line without one takes from the fullest first):
    // their checks when the sale is deleted must fit in its transaction (sale-transaction-size.ts).
    if (locationsOf(lines).size > SALE_LIMITS.locationsMax)
      throw new ValidationError({
        products: withBounds('maxSaleLocations', { max: SALE_LIMITS.locationsMax }),
      });

    const sale: SaleRecord = {
      ownerId,
      id: saleId,
      date: input.date ?? todayIso(),
      customer: partyOf(input.customer),
      contactPerson: partyOf(input.contactPerson),
      ...(input.distributor ? { distributor: input.distributor } : {}),
      ...(input.storeForDelivery ? { storeForDelivery: input.storeForDelivery } : {}),
      ...(input.note ? { note: input.note } : {}),
      products: lines,
      units: lines.reduce((sum, line) => sum + line.units, 0),
      totalPrice: lines.reduce((sum, line) => sum + line.total, 0),
      createdBy: actor.userId,
      createdByName: actor.name,
      createdAt: new Date().toISOString(),
    };
    const changes: WineChange[] = [...records.values()].map((before) => {
      const next = placements.get(before.id) as Placements;
      const sold = bottlesIn(before.placements as Placements) - bottlesIn(next);
      const after: CellarWineRecord = {
        ...before,
        quantity: before.quantity - sold,
        placements: placementMap(placementList(next)),
        updatedAt: laterThan(before.updatedAt),
      };
      return { before, after, history: historyRecord(after, 'SOLD', before, after, actor, { saleId }) };
    });
    // The sale and its day's rollups: one ADD per wine. SALE_LIMITS keeps this transaction (3 items a
    // wine + the sale + the version: at most 77) and the one deleting the sale (that + a check per
    // location: at most 97) within the 100 items of a transaction.
    await writeTransaction(changes, () => [
      writeItems('sales').sale.create(sale).commit(),
      ...rollupAdds(ownerId, sale.date, lines),
    ]);
    return sale;
  }, SALE_ATTEMPTS);
  if (outcome === STALE) throw new ConflictError();
  return toSale(outcome, cellar.baseCurrency);
}

const isRecipeRevenue = (line: SaleLine) => line.ownWineId.startsWith('recipe:');

/**
 * The bottles a deleted sale's line puts back: those that left stock. A till's bottle line sold more
 * than there was by its shortfall; a pour's `units` are the bottles it poured out.
 */
const bottlesBack = (line: SaleLine) =>
  line.kind === undefined ? Math.max(0, line.units - Math.round(line.shortfall ?? 0)) : line.units;

/**
 * Where a deleted sale's line puts `back` bottles: to each location of a pour that took from several
 * (its `placements`), the rest to the line's location.
 */
function placesBack(line: SaleLine, back: number): { locationId: string | null; bottles: number }[] {
  const places: { locationId: string | null; bottles: number }[] = [];
  let remaining = back;
  for (const { locationId, bottles } of line.placements ?? []) {
    const put = Math.min(Math.max(0, bottles), remaining);
    if (put > 0) places.push({ locationId, bottles: put });
    remaining -= put;
  }
  if (remaining > 0) places.push({ locationId: line.locationId, bottles: remaining });
  return places;
}

/**
 * Deletes a sale and puts its bottles back where they came from, each wine with a SALE_DELETED entry,
 * all in one transaction with the sale's deletion (conditional on the sale being there: of requests
 * deleting it at once, one does, the others find it gone, 404). A location deleted since takes its
 * bottles back as Uncategorized; a wine deleted since cannot take any back, and its lines are skipped.
 */
export async function deleteSale(ownerId: string, saleId: string, principal: Principal): Promise<Sale> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const started = Date.now();
  const outcome = await retryOnConflict(async (attempt) => {
    if (attempt > 0 && Date.now() - started > SALE_BUDGET_MS) return STALE;
    const sale = await saleRecordOf(ownerId, saleId);
    // A sale recorded before the size limits may need more than one transaction to delete: it is
    // refused with the way out, never half deleted nor answered with a server error.
    if (deleteItemsOf(sale.products as SaleLine[]) > MAX_TRANSACTION_ITEMS)
      throw new UnprocessableError({ key: 'saleTooLargeToDelete' });
    // A till recipe's revenue line (`recipe:<id>`) took nothing out of stock; its pours did.
    const lines = (sale.products as SaleLine[]).filter((line) => !isRecipeRevenue(line));
    const locationIds = await locationIdsOf(ownerId);
    const wineIds = [...new Set(lines.map((line) => line.ownWineId))];
    const records = (await Promise.all(wineIds.map((id) => currentWine(ownerId, id)))).filter(
      (record): record is CellarWineRecord => record !== undefined,
    );
    const changes: WineChange[] = records.map((before) => {
      const placements = { ...(before.placements as Placements) };
      let units = 0;
      const bottle = bottleCentiCl(before.bottleSize);
      const openCl = (ownOf(before) as { openBottleCl?: number }).openBottleCl;
      let stock: PourStock = {
        quantity: before.quantity,
        ...(openCl === undefined ? {} : { openCentiCl: centiCl(openCl) }),
      };
      let poured = false;
      for (const line of lines) {
        if (line.ownWineId !== before.id) continue;
        const back = bottlesBack(line);
        for (const { locationId, bottles } of placesBack(line, back)) {
          const key = locationId && locationIds.has(locationId) ? locationId : '_';
          placements[key] = (placements[key] ?? 0) + bottles;
        }
        units += back;
        if (line.pouredCl === undefined) stock = { ...stock, quantity: stock.quantity + back };
        else {
          poured = true;
          const fromStock = centiCl(line.pouredCl) - Math.round((line.shortfall ?? 0) * bottle);
          stock = unpour(stock, back, fromStock, bottle);
        }
      }
      const own = { ...ownOf(before) } as Record<string, unknown>;
      if (poured) {
        if (stock.openCentiCl === undefined) delete own.openBottleCl;
        else own.openBottleCl = clOf(stock.openCentiCl);
      }
      const after: CellarWineRecord = {
        ...before,
        quantity: before.quantity + units,
        placements: placementMap(placementList(placements)),
        ...(poured ? { own } : {}),
        updatedAt: laterThan(before.updatedAt),
      };
      return {
        before,
        after,
        history: historyRecord(after, 'SALE_DELETED', before, after, actor, { saleId }),
      };
    });
    await writeTransaction(changes, () => [
      writeItems('sales')
        .sale.delete({ ownerId, id: saleId })
        .where((attr, op) => op.exists(attr.id))
        .commit(),
      // Every line comes out of the rollups, those of wines deleted since too.
      ...rollupSubtractions(ownerId, sale.date, sale.products as SaleLine[]),
    ]);
    return sale;
  }, SALE_ATTEMPTS);
  if (outcome === STALE) throw new ConflictError();
  return toSale(outcome, cellar.baseCurrency);
}
