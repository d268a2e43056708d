import type { LoginResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

// A verification link works once. React runs effects twice in development and a person may reload, so
// one token is redeemed by one request and every caller shares its answer.
const redeeming = new Map<string, Promise<LoginResult>>();

/** `GET /api/auth/verify?token=`: confirms the address and signs in; 400 `INVALID_TOKEN` when used or old. */
export function verifyEmail(token: string): Promise<LoginResult> {
  let request = redeeming.get(token);
  if (!request) {
    request = api.get<LoginResult>('/auth/verify', { query: { token } });
    redeeming.set(token, request);
  }
  return request;
}
