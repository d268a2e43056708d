import { pathIds, UpdateProfileInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { updateProfile } from './profile-service';

export const handler = httpRoute(
  'PATCH /api/users/{id}',
  { params: pathIds('id'), body: UpdateProfileInput, owner: 'id' },
  async (req) => ({
    payload: await updateProfile(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
