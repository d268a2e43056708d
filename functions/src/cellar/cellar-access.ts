/**
 * Who may act on a cellar named by its id in the path (`…/cellars/{id}/…`), decided before a request's
 * body is read (`RouteSpec.access`): its owner or an admin (404 for an unknown cellar, 403 for anyone else).
 */
import type { Cellar } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { HttpRequest } from '../platform/http';
import { ownedCellar } from './cellar-service';

export function cellarAccess(req: HttpRequest<unknown, unknown, { id?: string }>): Promise<Cellar> {
  return ownedCellar(req.params.id ?? '', req.principal as Principal);
}
