import { LogInInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { logIn } from './account-service';

export const handler = httpRoute('POST /api/auth/log-in', { body: LogInInput }, async (req) => ({
  payload: await logIn(req.body.email, req.body.password, req.body.redirect_uri),
}));
