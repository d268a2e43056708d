import { tables } from '../data/tables';
import type { SessionLookup } from '../platform/auth';

/** Reads the session state of an account from its user row (one GetItem of four attributes). */
export const tableSessions: SessionLookup = async (userId) => {
  const { data } = await tables('accounts')
    .user.get({ id: userId })
    .go({ attributes: ['role', 'tokenVersion', 'status', 'isExpert'] });
  if (!data) return undefined;
  return {
    role: data.role,
    tokenVersion: data.tokenVersion ?? 0,
    status: data.status ?? 'active',
    isExpert: data.isExpert ?? false,
  };
};
