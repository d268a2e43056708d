/**
 * Importer connections (SPEC §6: order import from importers needs activation). The importers behind a
 * cellar are the catalogue's wholesaler of its catalogue wines and the supplier the owner gave its
 * wines. The owner requests a connection; an admin activates it. Orders from an active importer arrive
 * as orders with source `import`.
 */
import {
  foldText,
  type ImporterConnection,
  type ImporterConnectionStatus,
  idField,
  textField,
} from '@kork/shared';
import * as z from 'zod/mini';
import { getWines } from '../catalog/wine-lookup';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { type EntityRecord, tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { NotFoundError, ValidationError } from '../platform/errors';

type ConnectionRecord = EntityRecord<'importerConnection'>;

const IMPORTER_MAX = 200;

/** `POST …/importer-connections`. */
export const ImporterConnectionRequest = z.object({ importer: textField(IMPORTER_MAX, { min: 1 }) });
export type ImporterConnectionRequest = z.infer<typeof ImporterConnectionRequest>;

/** `POST /api/admin/importer-connections/activate`. */
export const ImporterConnectionActivation = z.object({
  ownerId: idField,
  importer: textField(IMPORTER_MAX, { min: 1 }),
});
export type ImporterConnectionActivation = z.infer<typeof ImporterConnectionActivation>;

/** A connection as an admin sees it: whose cellar it is for. */
export interface RequestedImporterConnection extends ImporterConnection {
  ownerId: string;
}

/** The importer's name folded to a key: case, accents and spacing do not make another importer. */
export function importerKeyOf(name: string): string {
  return foldText(name).trim().replace(/\s+/g, '-');
}

/** The importers behind the cellar's wines, with how many wines come from each. */
async function importersOf(ownerId: string): Promise<Map<string, { importer: string; wines: number }>> {
  const { wines } = await cellarSnapshot(ownerId);
  const catalog = await getWines(wines.flatMap((wine) => (wine.wineId ? [wine.wineId] : [])));
  const importers = new Map<string, { importer: string; wines: number }>();
  for (const wine of wines) {
    const names = [wine.supplier, wine.wineId ? catalog.get(wine.wineId)?.wholesaler : undefined];
    const keys = new Set<string>();
    for (const name of names) {
      const trimmed = name?.trim();
      if (!trimmed) continue;
      const key = importerKeyOf(trimmed);
      if (!key || keys.has(key)) continue;
      keys.add(key);
      const entry = importers.get(key) ?? { importer: trimmed, wines: 0 };
      entry.wines += 1;
      importers.set(key, entry);
    }
  }
  return importers;
}

async function connectionsOf(ownerId: string): Promise<Map<string, ConnectionRecord>> {
  const { data } = await tables('orders')
    .importerConnection.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return new Map(data.map((record) => [record.importerKey, record]));
}

function toConnection(importer: string, wines: number, record?: ConnectionRecord): ImporterConnection {
  return {
    importer: record?.importer ?? importer,
    wines,
    status: (record?.status as ImporterConnectionStatus | undefined) ?? 'needsActivation',
    ...(record?.requestedAt ? { requestedAt: record.requestedAt } : {}),
    ...(record?.activatedAt ? { activatedAt: record.activatedAt } : {}),
  };
}

/**
 * Every importer behind the cellar's wines with its connection's status, by name. A connection whose
 * importer no longer has wines in the cellar is still listed (with 0 wines): it stays requested or active.
 */
export async function listImporterConnections(ownerId: string): Promise<ImporterConnection[]> {
  const [importers, connections] = await Promise.all([importersOf(ownerId), connectionsOf(ownerId)]);
  const rows = [...importers].map(([key, { importer, wines }]) =>
    toConnection(importer, wines, connections.get(key)),
  );
  for (const [key, record] of connections)
    if (!importers.has(key)) rows.push(toConnection(record.importer, 0, record));
  return rows.sort((a, b) => a.importer.localeCompare(b.importer, 'nb'));
}

/**
 * Asks for a connection to an importer the cellar's wines come from (400 importerUnknown otherwise).
 * Asking again changes nothing: the connection as it is is the answer.
 */
export async function requestImporterConnection(ownerId: string, name: string): Promise<ImporterConnection> {
  const key = importerKeyOf(name);
  const importers = await importersOf(ownerId);
  const found = importers.get(key);
  const there = (await connectionsOf(ownerId)).get(key);
  if (there) return toConnection(there.importer, found?.wines ?? 0, there);
  if (!found) throw new ValidationError({ importer: 'importerUnknown' }, { key: 'importerUnknown' });
  const record = {
    ownerId,
    importerKey: key,
    importer: found.importer,
    status: 'requested',
    requestedAt: new Date().toISOString(),
  };
  try {
    await tables('orders').importerConnection.create(record).go();
    return toConnection(found.importer, found.wines, record as ConnectionRecord);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Asked for at the same moment by another request: that one is the connection.
    const made = (await connectionsOf(ownerId)).get(key);
    if (!made) throw error;
    return toConnection(found.importer, found.wines, made);
  }
}

/** Connections waiting for an admin, oldest request first. */
export async function listRequestedConnections(): Promise<RequestedImporterConnection[]> {
  const { data } = await tables('orders')
    .importerConnection.query.byStatus({ status: 'requested' })
    .go({ pages: 'all' });
  return data.map((record) => ({ ownerId: record.ownerId, ...toConnection(record.importer, 0, record) }));
}

/** An admin activates a requested connection (404 when none was requested); activating again changes nothing. */
export async function activateConnection(
  input: ImporterConnectionActivation,
  principal: Principal,
): Promise<RequestedImporterConnection> {
  const key = importerKeyOf(input.importer);
  const { data: record } = await tables('orders')
    .importerConnection.get({ ownerId: input.ownerId, importerKey: key })
    .go({ consistent: true });
  if (!record) throw new NotFoundError();
  if (record.status === 'active')
    return { ownerId: record.ownerId, ...toConnection(record.importer, 0, record) };
  const active = {
    ...record,
    status: 'active',
    activatedAt: new Date().toISOString(),
    activatedBy: principal.userId,
  };
  await tables('orders')
    .importerConnection.put(active)
    .where((attr, op) => op.exists(attr.importerKey))
    .go();
  return { ownerId: record.ownerId, ...toConnection(record.importer, 0, active) };
}
