import type { ImporterConnection } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/** A connection as an admin sees it: whose cellar asked for it. */
export interface RequestedImporterConnection extends ImporterConnection {
  ownerId: string;
}

/** `GET /api/admin/importer-connections`: connections cellars asked for and that wait for activation. */
export function listRequestedConnections(signal?: AbortSignal): Promise<Page<RequestedImporterConnection>> {
  return api.get<Page<RequestedImporterConnection>>('/admin/importer-connections', { signal });
}

/** `POST /api/admin/importer-connections/activate`. */
export function activateConnection(ownerId: string, importer: string): Promise<RequestedImporterConnection> {
  return api.post<RequestedImporterConnection>('/admin/importer-connections/activate', {
    body: { ownerId, importer },
  });
}
