import { LogInInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { clientOf } from '../platform/rate-limit';
import { logIn } from './session-service';

export const handler = httpRoute('POST /api/auth/log-in', { body: LogInInput }, async (req) => ({
  payload: await logIn(
    req.body.email,
    req.body.password,
    clientOf(req.event),
    req.body.redirect_uri,
    req.body.reactivate === true,
  ),
}));
