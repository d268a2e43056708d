/**
 * Account deletion (accounts/account-deletion.ts): the tasting notes, each removed with its wine's
 * averages, so the wines forget the notes too.
 */
import type { EntityName } from '../data/owned-purge';
import { removeAllTastingsOf } from './tasting-service';

export const OWNED_ENTITIES = ['tastingNote'] as const satisfies readonly EntityName[];

/** Deletes the account's notes; false when `deadline` came first. */
export function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  return removeAllTastingsOf(ownerId, deadline);
}
