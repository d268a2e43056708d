/**
 * Accounts: the signed-in account, its profile and pictures, statistics, deactivation and deletion
 * (SPEC §4). No Lambda types here; handlers parse and call these.
 */
import {
  directoryOf,
  isConfirmationPhrase,
  type Locale,
  type UpdateProfileInput,
  type User,
  type UserStatistic,
} from '@kork/shared';
import { countOwned } from '../data/owned-purge';
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import type { UploadedFile } from '../platform/multipart';
import { requestAccountDeletion } from './account-deletion';
import { deleteImage, IMAGE_FIELDS, type ImageField, storeImage } from './account-images';
import { profileAttributes, requireUser, toUser, type UserRecord } from './account-store';
import { hashPassword, verifyPassword } from './passwords';

// — Profile —

export async function viewer(userId: string): Promise<User> {
  return toUser(await requireUser(userId));
}

/** Profile changes by the account itself or an admin; only an admin marks a verified expert. */
export async function updateProfile(
  userId: string,
  input: UpdateProfileInput,
  actor: Principal,
): Promise<User> {
  if (input.isExpert !== undefined && actor.role !== 'admin') throw new ForbiddenError();
  const user = await requireUser(userId);
  const changes: Record<string, unknown> = {
    ...profileAttributes(input),
    updatedAt: new Date().toISOString(),
  };
  if (input.isExpert !== undefined)
    changes.directory = directoryOf({ isExpert: input.isExpert, userType: user.userType });
  if (input.password) {
    if (!(await verifyPassword(input.currentPassword ?? '', user.passwordHash))) {
      throw new ValidationError({ currentPassword: 'wrongCurrentPassword' });
    }
    changes.passwordHash = await hashPassword(input.password);
  }
  // A new password ends every existing session and every reset link issued before it (an atomic
  // increment, so a reset or another change at the same moment cannot undo it).
  const { data } = await tables('accounts')
    .user.patch({ id: userId })
    .set(changes as never)
    .add({ tokenVersion: input.password ? 1 : 0 })
    .go({ response: 'all_new' });
  return toUser({ ...user, ...data } as UserRecord);
}

export async function replaceImage(userId: string, field: ImageField, file: UploadedFile): Promise<User> {
  const user = await requireUser(userId);
  const path = await storeImage(userId, field, file);
  const { data } = await tables('accounts')
    .user.patch({ id: userId })
    .set({ [field]: path, updatedAt: new Date().toISOString() })
    .go({ response: 'all_new' });
  await deleteImage(user[field], userId);
  return toUser({ ...user, ...data } as UserRecord);
}

export function imageFieldOf(body: Record<string, unknown>): { field: ImageField; file: UploadedFile } {
  const present = IMAGE_FIELDS.filter((f) => body[f] !== undefined);
  const field = present[0];
  const file = field ? body[field] : undefined;
  if (
    present.length !== 1 ||
    !field ||
    typeof file !== 'object' ||
    file === null ||
    !Buffer.isBuffer((file as UploadedFile).content)
  ) {
    throw new ValidationError({ [field ?? 'profileImage']: 'required' });
  }
  return { field, file: file as UploadedFile };
}

// — Deactivate and delete —

/**
 * Deactivates the account at once, or asks for its deletion: it is locked and hidden at once and its
 * data purged by the account-deletions queue (account-deletion.ts), which mails the person at the end.
 */
export async function removeAccount(
  userId: string,
  action: 'deactivate' | 'delete',
  confirmation: string,
  locale: Locale = 'en',
): Promise<void> {
  if (!isConfirmationPhrase(action, confirmation))
    throw new ValidationError({ confirmation: 'confirmationMismatch' });
  const user = await requireUser(userId);
  // An account being deleted is as good as gone (an admin may still ask for its deletion again).
  if (action === 'deactivate' && user.status === 'deleting') throw new NotFoundError();
  if (action === 'deactivate') {
    await tables('accounts')
      .user.patch({ id: userId })
      .set({
        status: 'deactivated',
        deactivatedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .add({ tokenVersion: 1 })
      // Never over a deletion that began meanwhile: the purge goes on only while the account is `deleting`.
      .where((a, { ne }) => ne(a.status, 'deleting'))
      .go()
      .catch((error: unknown) => {
        throw isConditionFailure(error) ? new NotFoundError() : error;
      });
    return;
  }
  await requestAccountDeletion(user, locale);
}

/** The counts on the profile: each from its own entity's items, never the account's whole collection. */
export async function statistic(userId: string): Promise<UserStatistic> {
  const user = await requireUser(userId);
  const [tastingNotes, cellarWines, wineLists] = await Promise.all([
    countOwned(userId, 'tastingNote'),
    countOwned(userId, 'cellarWine'),
    countOwned(userId, 'wineList'),
  ]);
  // Ratings are given with tasting notes; there is no rating item of its own.
  return { tastingNotes, ratings: 0, cellarWines, wineLists, memberSince: user.createdAt };
}
