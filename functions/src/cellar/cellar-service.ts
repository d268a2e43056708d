/**
 * Cellars (SPEC §3 Cellar): every account has one, created on first use with the account's currency,
 * a 15 cl glass and Norwegian VAT; only its owner (or an admin) reads or changes it.
 */
import {
  type Cellar,
  type CellarSettingsInput,
  type CellarVat,
  DEFAULT_GLASS_SIZE_CL,
  defaultVats,
  isCurrencyCode,
  VAT_STYLES,
} from '@kork/shared';
import { ulid } from 'ulid';
import { findUserById } from '../accounts/account-lookup';
import { type EntityRecord, tables } from '../data/tables';
import { isConditionFailure, retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import { bumpCellarVersion } from './kernel/cellar-version';
import { laterThan } from './kernel/wine-transaction';

type CellarRecord = EntityRecord<'cellar'>;

function toCellar(record: CellarRecord, countTenths: boolean): Cellar {
  return {
    id: record.id,
    ownerId: record.ownerId,
    baseCurrency: record.baseCurrency as Cellar['baseCurrency'],
    defaultGlassSize: record.defaultGlassSize,
    vats: { ...defaultVats(), ...(record.vats as Cellar['vats']) },
    countTenths,
    images: [...(record.images ?? [])],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * A cellar as the API shows it. A cellar whose owner never chose counts in tenths when it belongs to a
 * business account (a bar's open bottles), else in whole bottles.
 */
async function cellarFrom(record: CellarRecord): Promise<Cellar> {
  if (record.countTenths !== undefined) return toCellar(record, record.countTenths);
  const owner = await findUserById(record.ownerId);
  return toCellar(record, owner?.role === 'business');
}

/** The owner's cellar, created the first time it is asked for. */
export async function cellarOf(ownerId: string): Promise<Cellar> {
  const { data } = await tables('cellar').cellar.get({ ownerId }).go();
  if (data) return cellarFrom(data);
  const user = await findUserById(ownerId);
  if (!user) throw new NotFoundError();
  const now = new Date().toISOString();
  const record = {
    ownerId,
    id: ulid(),
    baseCurrency: isCurrencyCode(user.viewCurrency) ? user.viewCurrency : 'NOK',
    defaultGlassSize: DEFAULT_GLASS_SIZE_CL,
    vats: defaultVats(),
    countTenths: user.role === 'business',
    images: [],
    createdAt: now,
    updatedAt: now,
  };
  try {
    // One item, created only where there is none: two first uses at once make one cellar.
    await tables('cellar').cellar.create(record).go();
    return toCellar(record as CellarRecord, record.countTenths);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another request made it a moment ago: that one is the cellar.
    const { data: made } = await tables('cellar').cellar.get({ ownerId }).go({ consistent: true });
    if (made) return cellarFrom(made);
    throw error;
  }
}

/** The id of the owner's cellar as stored; undefined when they have none yet (none is made here). */
export async function storedCellarId(ownerId: string): Promise<string | undefined> {
  const { data } = await tables('cellar').cellar.get({ ownerId }).go();
  return data?.id;
}

/** A cellar by id, for its owner or an admin only. */
export async function ownedCellar(id: string, actor: Principal): Promise<Cellar> {
  const { data } = await tables('cellar').cellar.query.byId({ id }).go();
  const record = data[0];
  if (!record) throw new NotFoundError();
  if (actor.role !== 'admin' && record.ownerId !== actor.userId) throw new ForbiddenError();
  return cellarFrom(record);
}

/** Another request changed what this one sets since it was read: it is not written over it (409). */
const STALE = Symbol('stale');

/**
 * Changes a cellar's settings. The write is conditional on the cellar as read (its `updatedAt`); when
 * another change came first the settings are applied again on the fresh cellar, unless that change
 * set one of the same settings: then 409. VAT per style merges with the styles not named.
 */
export async function updateCellar(
  id: string,
  input: CellarSettingsInput,
  actor: Principal,
): Promise<Cellar> {
  const owned = await ownedCellar(id, actor);
  const named = (cellar: Cellar) =>
    JSON.stringify([
      input.baseCurrency ? cellar.baseCurrency : null,
      input.defaultGlassSize !== undefined ? cellar.defaultGlassSize : null,
      Object.keys(input.vats ?? {}).map((style) => cellar.vats[style as keyof Cellar['vats']]),
      input.countTenths !== undefined ? cellar.countTenths : null,
    ]);
  let first: string | undefined;
  const outcome = await retryOnConflict(async () => {
    const { data: record } = await tables('cellar')
      .cellar.get({ ownerId: owned.ownerId })
      .go({ consistent: true });
    if (!record) throw new NotFoundError();
    const cellar = await cellarFrom(record);
    first ??= named(cellar);
    if (named(cellar) !== first) return STALE;
    // Later than the one read, even within the same millisecond: the next write's condition needs it.
    const changes: Record<string, unknown> = { updatedAt: laterThan(record.updatedAt) };
    if (input.baseCurrency) changes.baseCurrency = input.baseCurrency;
    if (input.defaultGlassSize !== undefined) changes.defaultGlassSize = input.defaultGlassSize;
    if (input.vats) changes.vats = { ...cellar.vats, ...input.vats };
    if (input.countTenths !== undefined) changes.countTenths = input.countTenths;
    try {
      const { data } = await tables('cellar')
        .cellar.patch({ ownerId: cellar.ownerId })
        .set(changes as never)
        .where((attr, op) => op.eq(attr.updatedAt, record.updatedAt))
        .go({ response: 'all_new' });
      return cellarFrom({ ...record, ...data } as CellarRecord);
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
  });
  if (outcome === STALE) throw new ConflictError();
  // The base currency shows in the cellar's listings (cellar-snapshot.ts).
  await bumpCellarVersion(owned.ownerId);
  return outcome;
}

export async function cellarVats(
  id: string,
  actor: Principal,
): Promise<{ rows: CellarVat[]; count: number }> {
  const cellar = await ownedCellar(id, actor);
  const rows = VAT_STYLES.map((style) => ({ style, percentage: cellar.vats[style] }));
  return { rows, count: rows.length };
}
