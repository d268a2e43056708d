import { EmailInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { requestPasswordReset } from './session-service';

export const handler = httpRoute('POST /api/auth/password-recovery', { body: EmailInput }, async (req) => {
  await requestPasswordReset(req.body.email, req.locale);
  return { payload: { sent: true } };
});
