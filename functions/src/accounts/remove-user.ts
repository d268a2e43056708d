import { pathIds, RemoveAccountInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { removeAccount } from './profile-service';

export const handler = httpRoute(
  'DELETE /api/users/{id}',
  { params: pathIds('id'), body: RemoveAccountInput, owner: 'id' },
  async (req) => {
    await removeAccount(req.params.id ?? '', req.body.action, req.body.confirmation);
    return { status: 204 };
  },
);
