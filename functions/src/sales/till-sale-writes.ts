/**
 * Recording a till's sale (docs/pos.md): the sales domain's use case for the POS intake. A till sale has
 * already happened, so it is never refused for stock: what the sale takes from its wines is
 * till-sale-lines.ts, the stock stopping at 0 and the rest the line's shortfall.
 *
 * One till transaction is one DynamoDB transaction: the wines, their SOLD entries (with the sale's id and
 * the till's transaction id), the sale, and the caller's items (the till transaction's marker, lines
 * waiting for mapping) that make a second delivery of it change nothing.
 *
 * Each wine is written on condition that it is still as read, so its SOLD entry's before and after are
 * exact. Sales of one wine at once (a busy bar's tills) meet on that condition: a cancelled transaction
 * returns each changed wine as it is now (ReturnValuesOnConditionCheckFailure), and the sale is worked
 * out again from it and sent again after a jittered wait — one call a retry, no read. The first attempt
 * starts from the wines the caller has just read. A marker that exists fails its create the same way and
 * returns the earlier outcome. Any other cancellation is decided again from fresh reads.
 */
import { clOf, type MainCategory, withBounds } from '@kork/shared';
import { ulid } from 'ulid';
import { bumpCellarVersion } from '../cellar/kernel/cellar-version';
import { claimWine, releaseWine, WINE_CLAIM_MS } from '../cellar/kernel/wine-claims';
import { currentWine } from '../cellar/kernel/wine-fields';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  ownOf,
  placementList,
  placementMap,
} from '../cellar/kernel/wine-records';
import {
  extraItemsIndex,
  itemsOf,
  laterThan,
  MAX_TRANSACTION_ITEMS,
  type WineChange,
  writeTransaction,
} from '../cellar/kernel/wine-transaction';
import { writeItems } from '../data/tables';
import { TransactionCanceled } from '../data/transactions';
import { ConflictError, ValidationError } from '../platform/errors';
import { rollupAdds, rollupItemsOf } from './sale-rollups';
import type { SaleRecord } from './sale-store';
import { deleteItemsOf } from './sale-transaction-size';
import { linesOf, stockChanged, type TillLine, wineIdsOf, wineStateOf } from './till-sale-lines';

export type { TillLine, TillRecipe } from './till-sale-lines';

export interface TillSaleInput {
  posTransactionId: string;
  /** The sale's day (YYYY-MM-DD). */
  date: string;
  lines: readonly TillLine[];
  actor: Actor;
  /** Wines the caller has just read (strongly consistent): the first attempt starts from them. */
  wines?: ReadonlyMap<string, CellarWineRecord>;
  /**
   * The sale takes turns on its wines under this claim token (cellar/kernel/wine-claims.ts): `wines` were
   * read by claiming them with it, and every other wine of the sale is claimed, waiting while another
   * sale holds it, before the first attempt. Without it the attempts are optimistic alone.
   */
  claim?: string;
}

/** How the caller makes the sale happen once. */
export interface TillSaleGuard {
  /**
   * The sale id (or null: no sale) of the same till transaction taken in before, or undefined: read
   * after a cancellation the transaction's own items do not explain.
   */
  existing(): Promise<string | null | undefined>;
  /** The sale id (or null) of the earlier delivery whose marker a cancelled transaction returned. */
  earlier(marker: unknown): string | null;
  /**
   * Items written in the same transaction, built by the caller from its own entities: first the
   * marker, created only where none exists and committed with `{ response: 'all_old' }` (a cancellation
   * then returns the marker that exists), then the lines to keep for mapping (`missing`: lines whose
   * wine left the cellar since they were resolved).
   */
  extra(saleId: string | undefined, missing: readonly TillLine[]): readonly unknown[];
  /** How many items `extra` writes for this many missing lines. */
  extraItems(missing: number): number;
}

export interface TillSaleResult {
  status: 'recorded' | 'duplicate';
  /** Absent when no line became a sale (every line waits for mapping). */
  saleId?: string;
  /** Lines kept for mapping because their wine was gone when written. */
  missing: number;
}

const ATTEMPTS = 40;
const BUDGET_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a sale's transaction takes in this instance lately (a moving average): the unit of the waits. */
let transactionMs = 20;

/** A wait while another sale holds a wine: about one transaction's time, jittered, no longer than its claim. */
const turnWaitMs = (heldForMs: number) => Math.min(heldForMs + 1, transactionMs) * (0.5 + Math.random());

/**
 * The wait before retry `retry` (0 first): full jitter over a window that doubles each retry, in units of
 * what the cancelled transaction took (at least backoffMs's 20 ms), at most 1 s. The sales that met on a
 * wine then spread over about as many transactions' time as there are of them, instead of meeting again
 * at once — on a busy table a transaction takes longer, and a fixed window would have them all meet again.
 */
export function retryWaitMs(retry: number, tookMs: number): number {
  const unit = Math.max(20, tookMs);
  return Math.random() * Math.min(1000, unit * 2 ** retry);
}

type Settings = { vats: Partial<Record<MainCategory, number>>; defaultGlassSize: number };

/** One attempt's transaction, worked out from the wines as known. */
interface Attempt {
  changes: WineChange[];
  /** The sale's id when any line became a sale. */
  written?: string;
  missing: TillLine[];
  /** The sale's items besides the changes and the caller's (the sale and its rollups). */
  saleItems: () => unknown[];
  /** Where the caller's marker is among the transaction's items. */
  markerIndex: number;
}

function attemptOf(
  ownerId: string,
  input: TillSaleInput,
  settings: Settings,
  guard: TillSaleGuard,
  saleId: string,
  known: ReadonlyMap<string, CellarWineRecord>,
): Attempt {
  const missing = input.lines.filter(
    (line) => line.product.kind !== 'recipe' && !known.has(line.product.ownWineId),
  );
  const lines = input.lines.filter((line) => !missing.includes(line));
  const wines = new Map(
    [...known.values()].map((record) => [record.id, wineStateOf(record, settings.defaultGlassSize)]),
  );
  const saleLines = lines.flatMap((line) => linesOf(line, wines, settings.vats));
  const written = lines.length > 0 ? saleId : undefined;
  const sale: SaleRecord | undefined =
    written === undefined
      ? undefined
      : {
          ownerId,
          id: written,
          date: input.date,
          customer: {},
          contactPerson: {},
          products: saleLines,
          units: saleLines.reduce((sum, l) => sum + l.units, 0),
          totalPrice: saleLines.reduce((sum, l) => sum + l.total, 0),
          createdBy: input.actor.userId,
          createdByName: input.actor.name,
          createdAt: new Date().toISOString(),
          posTransactionId: input.posTransactionId,
        };

  const extra = { saleId: written, posTransactionId: input.posTransactionId };
  const changes: WineChange[] = [...wines.values()]
    .filter((state) => state.stock.quantity !== state.before.quantity || stockChanged(state))
    .map((state) => {
      const { before } = state;
      const own = { ...ownOf(before) } as Record<string, unknown>;
      if (state.stock.openCentiCl === undefined) delete own.openBottleCl;
      else own.openBottleCl = clOf(state.stock.openCentiCl);
      const after: CellarWineRecord = {
        ...before,
        quantity: state.stock.quantity,
        placements: placementMap(placementList(state.placements)),
        own,
        updatedAt: laterThan(before.updatedAt),
      };
      return { before, after, history: historyRecord(after, 'SOLD', before, after, input.actor, extra) };
    });

  // The sale's rollups: one item per wine (and recipe) it sold. The sale is taken in only when both
  // this transaction and the one deleting it later fit (sale-transaction-size.ts).
  const rollups = sale ? rollupItemsOf(saleLines) : 0;
  const items = itemsOf(changes) + (sale ? 1 + rollups : 0) + guard.extraItems(missing.length);
  if (items > MAX_TRANSACTION_ITEMS || (sale && deleteItemsOf(saleLines) > MAX_TRANSACTION_ITEMS))
    throw new ValidationError({ lines: withBounds('maxItems', { max: MAX_TRANSACTION_ITEMS }) });
  return {
    changes,
    written,
    missing,
    saleItems: () =>
      sale
        ? [writeItems('sales').sale.create(sale).commit(), ...rollupAdds(ownerId, sale.date, saleLines)]
        : [],
    markerIndex: extraItemsIndex(changes) + (sale ? 1 + rollups : 0),
  };
}

/**
 * What a cancelled attempt tells of the wines: each changed wine's condition that failed returned the
 * wine as it is now, which `known` takes (a wine it did not return is read again). False when an item
 * other than a wine, or a wine without its item, was refused: the next attempt then decides from fresh
 * reads. A conflict alone (another transaction on an item at the same moment) changes nothing known.
 */
function learnFrom(
  canceled: TransactionCanceled,
  changes: readonly WineChange[],
  known: Map<string, CellarWineRecord>,
): boolean {
  let explained = canceled.reasons.some((r) => r.rejected);
  canceled.reasons.forEach((reason, index) => {
    if (!reason.rejected || reason.code === 'TransactionConflict') return;
    const change = index < changes.length * 2 && index % 2 === 0 ? changes[index / 2] : undefined;
    const id = change?.before?.id;
    if (id === undefined || reason.code !== 'ConditionalCheckFailed') {
      explained = false;
      return;
    }
    const now = reason.item as CellarWineRecord | null | undefined;
    if (now) known.set(id, now);
    else known.delete(id);
  });
  return explained;
}

/**
 * Records a till sale once: attempts until its transaction applies, the till transaction is found taken
 * in already (by an earlier delivery, or by this one whose answer was lost), or the attempts or time run
 * out (409).
 */
export async function recordTillSale(
  ownerId: string,
  input: TillSaleInput,
  settings: Settings,
  guard: TillSaleGuard,
): Promise<TillSaleResult> {
  const saleId = ulid();
  const started = Date.now();
  const duplicate = (earlier: string | null): TillSaleResult => ({
    status: 'duplicate',
    saleId: earlier ?? undefined,
    missing: 0,
  });
  const wineIds = [...new Set(input.lines.flatMap(wineIdsOf))];
  // The wines as the next attempt decides from; a wine not here is read first, one gone stays absent.
  const known = new Map<string, CellarWineRecord>();
  for (const id of wineIds) {
    const wine = input.wines?.get(id);
    if (wine) known.set(id, wine);
  }
  const gone = new Set<string>();
  const token = input.claim;
  // The wines this sale holds a claim on, and those its committed transaction wrote (which drops them).
  const claimed = new Set<string>(token ? known.keys() : []);
  const written = new Set<string>();
  try {
    if (token) await takeTurns(ownerId, wineIds, token, started, { known, gone, claimed });
    return await attempts();
  } finally {
    const left = [...claimed].filter((id) => !written.has(id));
    if (token && left.length > 0) await Promise.all(left.map((id) => releaseWine(ownerId, id, token)));
  }

  async function attempts(): Promise<TillSaleResult> {
    let reread = false;
    // How long the last cancelled transaction took: the retries wait in units of it (retryWaitMs).
    let took = 0;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        if (attempt >= ATTEMPTS || Date.now() - started > BUDGET_MS) throw new ConflictError();
        await sleep(retryWaitMs(attempt - 1, took));
      }
      if (reread) {
        const existing = await guard.existing();
        if (existing !== undefined) return duplicate(existing);
        known.clear();
        gone.clear();
        reread = false;
      }
      const unread = wineIds.filter((id) => !known.has(id) && !gone.has(id));
      for (const [i, record] of (await Promise.all(unread.map((id) => currentWine(ownerId, id)))).entries()) {
        if (record) known.set(record.id, record);
        else gone.add(unread[i] as string);
      }
      let plan: Attempt;
      try {
        plan = attemptOf(ownerId, input, settings, guard, saleId, known);
      } catch (error) {
        // Too big a sale: unless this till transaction was taken in before, in another shape.
        const existing = error instanceof ValidationError ? await guard.existing() : undefined;
        if (existing !== undefined) return duplicate(existing);
        throw error;
      }
      const sent = Date.now();
      try {
        await writeTransaction(plan.changes, () => [
          ...plan.saleItems(),
          ...guard.extra(plan.written, plan.missing),
        ]);
        transactionMs = 0.8 * transactionMs + 0.2 * (Date.now() - sent);
        for (const change of plan.changes) if (change.before) written.add(change.before.id);
      } catch (error) {
        if (!(error instanceof TransactionCanceled)) throw error;
        took = Date.now() - sent;
        transactionMs = 0.8 * transactionMs + 0.2 * took;
        const marker = error.reasons[plan.markerIndex];
        if (marker?.code === 'ConditionalCheckFailed' && marker.item)
          return duplicate(guard.earlier(marker.item));
        reread = !learnFrom(error, plan.changes, known);
        continue;
      }
      // A sale with no wine poured (a recipe of other ingredients only) still changes the cellar's reads.
      if (plan.written && plan.changes.length === 0) await bumpCellarVersion(ownerId);
      return { status: 'recorded', saleId: plan.written, missing: plan.missing.length };
    }
  }
}

/**
 * Claims each of the sale's wines not claimed yet (the product lookup claimed the ones it found free), in
 * id order, waiting while another sale holds one. A wine claimed is read (into `known`), a wine that is
 * not there is `gone`; a turn not had within half the time allowed leaves the wine to the optimistic
 * attempts. Two sales holding one wine each and waiting for the other's are freed when a claim lapses
 * (WINE_CLAIM_MS).
 */
async function takeTurns(
  ownerId: string,
  wineIds: readonly string[],
  token: string,
  started: number,
  into: { known: Map<string, CellarWineRecord>; gone: Set<string>; claimed: Set<string> },
): Promise<void> {
  for (const id of [...wineIds].sort()) {
    if (into.claimed.has(id)) continue;
    while (Date.now() - started < BUDGET_MS / 2) {
      const claim = await claimWine(ownerId, id, token, WINE_CLAIM_MS);
      if ('wine' in claim) {
        into.known.set(id, claim.wine);
        into.claimed.add(id);
      } else if ('gone' in claim) into.gone.add(id);
      else {
        await sleep(turnWaitMs(claim.heldForMs));
        continue;
      }
      break;
    }
  }
}
