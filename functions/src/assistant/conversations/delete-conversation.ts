import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { deleteConversation } from './conversation-service';

export const handler = httpRoute(
  'DELETE /api/assistant/conversations/{conversationId}',
  { params: pathIds('conversationId') },
  async (req) => {
    await deleteConversation((req.principal as Principal).userId, req.params.conversationId);
    return { status: 204 };
  },
);
