import { EmailInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { resendVerification } from './registration-service';

export const handler = httpRoute('POST /api/auth/verification-mail', { body: EmailInput }, async (req) => {
  await resendVerification(req.body.email, req.locale);
  return { payload: { sent: true } };
});
