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
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { db } from '../data/entities';
import type { Principal } from '../platform/auth';
import { ForbiddenError, NotFoundError } from '../platform/errors';
import { bumpCellarVersion } from './cellar-version';

type CellarRecord = EntityItem<ReturnType<typeof db>['entities']['cellar']>;

function toCellar(record: CellarRecord): Cellar {
  return {
    id: record.id,
    ownerId: record.ownerId,
    baseCurrency: record.baseCurrency as Cellar['baseCurrency'],
    defaultGlassSize: record.defaultGlassSize,
    vats: { ...defaultVats(), ...(record.vats as Cellar['vats']) },
    images: [...(record.images ?? [])],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The owner's cellar, created the first time it is asked for. */
export async function cellarOf(ownerId: string): Promise<Cellar> {
  const { data } = await db().entities.cellar.get({ ownerId }).go();
  if (data) return toCellar(data);
  const { data: user } = await db().entities.user.get({ id: ownerId }).go();
  if (!user) throw new NotFoundError();
  const now = new Date().toISOString();
  const record = {
    ownerId,
    id: ulid(),
    baseCurrency: isCurrencyCode(user.viewCurrency) ? user.viewCurrency : 'NOK',
    defaultGlassSize: DEFAULT_GLASS_SIZE_CL,
    vats: defaultVats(),
    images: [],
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db().entities.cellar.create(record).go();
    return toCellar(record as CellarRecord);
  } catch (error) {
    // Another request made it a moment ago: that one is the cellar.
    const { data: made } = await db().entities.cellar.get({ ownerId }).go();
    if (made) return toCellar(made);
    throw error;
  }
}

/** A cellar by id, for its owner or an admin only. */
export async function ownedCellar(id: string, actor: Principal): Promise<Cellar> {
  const { data } = await db().entities.cellar.query.byId({ id }).go();
  const record = data[0];
  if (!record) throw new NotFoundError();
  if (actor.role !== 'admin' && record.ownerId !== actor.userId) throw new ForbiddenError();
  return toCellar(record);
}

export async function updateCellar(
  id: string,
  input: CellarSettingsInput,
  actor: Principal,
): Promise<Cellar> {
  const cellar = await ownedCellar(id, actor);
  const changes: Record<string, unknown> = { updatedAt: new Date().toISOString() };
  if (input.baseCurrency) changes.baseCurrency = input.baseCurrency;
  if (input.defaultGlassSize !== undefined) changes.defaultGlassSize = input.defaultGlassSize;
  if (input.vats) changes.vats = { ...cellar.vats, ...input.vats };
  const { data } = await db()
    .entities.cellar.patch({ ownerId: cellar.ownerId })
    .set(changes as never)
    .go({ response: 'all_new' });
  // The base currency shows in the cellar's listings (cellar-snapshot.ts).
  await bumpCellarVersion(cellar.ownerId);
  return toCellar({ ...(cellar as unknown as CellarRecord), ...data } as CellarRecord);
}

export async function cellarVats(
  id: string,
  actor: Principal,
): Promise<{ rows: CellarVat[]; count: number }> {
  const cellar = await ownedCellar(id, actor);
  const rows = VAT_STYLES.map((style) => ({ style, percentage: cellar.vats[style] }));
  return { rows, count: rows.length };
}
