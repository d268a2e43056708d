/**
 * Account deletion (account-deletion/purge.ts): the tasting notes, each removed with its wine's
 * averages, so the wines forget the notes too; then the Want to try list.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';
import { tables } from '../data/tables';
import { NotFoundError } from '../platform/errors';
import { type NoteRecord, removeNote } from './tasting-service';

export const OWNED_ENTITIES = ['tastingNote', 'wantToTry'] as const satisfies readonly EntityName[];

/**
 * Deletes the account's notes a page at a time, each in its own transaction with its wine; false when
 * `deadline` (epoch ms) came first, for the purge to go on in its next message.
 */
export async function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  let cursor: string | null = null;
  do {
    if (Date.now() >= deadline) return false;
    const page: { data: NoteRecord[]; cursor: string | null } = await tables('tastings')
      .tastingNote.query.byOwner({ ownerId })
      .go({ limit: 100, cursor });
    for (const note of page.data) {
      if (Date.now() >= deadline) return false;
      // Gone already: another delivery of the same purge took it.
      await removeNote(note).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
    }
    cursor = page.cursor;
  } while (cursor);
  return purgeOwned(ownerId, ['wantToTry'], deadline);
}
