import { AssistantNewConversation } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { createConversation } from './conversation-service';

export const handler = httpRoute(
  'POST /api/assistant/conversations',
  { body: AssistantNewConversation },
  async (req) => ({
    status: 201,
    payload: await createConversation((req.principal as Principal).userId, new Date(), req.body),
  }),
);
