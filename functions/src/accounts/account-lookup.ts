/**
 * Accounts as other domains may read them: a user by id or address, the business accounts of an
 * organization number, and who acts for a request (the name written on orders and history entries).
 */
import { tables } from '../data/tables';
import type { Principal } from '../platform/auth';

export type { UserRecord } from './account-store';
export { findBusinessesByOrganizationNumber, findUserByEmail, findUserById } from './account-store';

/** Who did something: the user's id and name as it was then. */
export interface Actor {
  userId: string;
  name: string;
}

/** The acting user with the name written on what they do (their id when the account has no name). */
export async function actorOf(principal: Principal): Promise<Actor> {
  const { data } = await tables('accounts')
    .user.get({ id: principal.userId })
    .go({ attributes: ['firstName', 'lastName'] });
  const name = data ? `${data.firstName} ${data.lastName}`.trim() : '';
  return { userId: principal.userId, name: name || principal.userId };
}

/** An account acting as itself (a job writing on its owner's behalf): its id, role and expert flag. */
export async function accountPrincipal(userId: string): Promise<Principal | undefined> {
  const { data } = await tables('accounts')
    .user.get({ id: userId })
    .go({ attributes: ['role', 'isExpert'] });
  return data ? { userId, role: data.role, isExpert: data.isExpert ?? false } : undefined;
}

/** The name an account goes by on what it prints: its tasting location's, else the person's. */
export async function accountDisplayName(userId: string): Promise<string> {
  const { data } = await tables('accounts')
    .user.get({ id: userId })
    .go({ attributes: ['tastingLocationName', 'firstName', 'lastName'] });
  if (!data) return '';
  return data.tastingLocationName || `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim();
}
