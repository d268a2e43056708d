import { findUserById } from '../accounts/account-lookup';
import { httpRoute } from '../platform/http';
import { planAnswer } from './plan-service';

export const handler = httpRoute('GET /api/account/plan', {}, async (req) => {
  const id = req.principal?.userId ?? '';
  const user = await findUserById(id);
  return { payload: await planAnswer({ id, ...(user?.email ? { email: user.email } : {}) }) };
});
