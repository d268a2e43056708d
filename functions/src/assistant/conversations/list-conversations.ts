import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { usageOf } from '../ask/usage';
import { listConversations } from './conversation-service';

export const handler = httpRoute('GET /api/assistant/conversations', {}, async (req) => {
  const userId = (req.principal as Principal).userId;
  const [list, usage] = await Promise.all([listConversations(userId), usageOf(userId)]);
  return { payload: { ...list, usage } };
});
