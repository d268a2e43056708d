import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { getConversation } from './conversation-service';

export const handler = httpRoute(
  'GET /api/assistant/conversations/{conversationId}',
  { params: pathIds('conversationId') },
  async (req) => ({
    payload: await getConversation((req.principal as Principal).userId, req.params.conversationId),
  }),
);
