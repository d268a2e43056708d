import { PasswordResetInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { resetPassword } from './session-service';

export const handler = httpRoute(
  'POST /api/auth/password-reset',
  { body: PasswordResetInput },
  async (req) => {
    await resetPassword(req.body.token, req.body.password);
    return { payload: { changed: true } };
  },
);
