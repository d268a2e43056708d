import { pathIds, RemoveAccountInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { removeAccount } from './profile-service';

export const handler = httpRoute(
  'DELETE /api/users/{id}',
  { params: pathIds('id'), body: RemoveAccountInput, owner: 'id' },
  async (req) => {
    await removeAccount(req.params.id ?? '', req.body.action, req.body.confirmation, req.locale);
    // A deletion is accepted and goes on in the background; a deactivation is done.
    return { status: req.body.action === 'delete' ? 202 : 204 };
  },
);
