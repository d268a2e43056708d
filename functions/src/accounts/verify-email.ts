import * as z from 'zod/mini';
import { httpRoute } from '../platform/http';
import { verifyEmail } from './registration-service';

const Query = z.object({
  token: z
    .string({ error: 'required' })
    .check(
      z.minLength(10, { error: 'invalidToken' }),
      z.maxLength(200, { error: 'invalidToken' }),
      z.regex(/^[\w-]+$/, { error: 'invalidToken' }),
    ),
});

export const handler = httpRoute('GET /api/auth/verify', { query: Query }, async (req) => ({
  payload: await verifyEmail(req.query.token),
}));
