/**
 * Accounts: the signed-in account, its profile and pictures, statistics, deactivation and deletion
 * (SPEC §4). No Lambda types here; handlers parse and call these.
 */
import {
  directoryOf,
  isConfirmationPhrase,
  type UpdateProfileInput,
  type User,
  type UserStatistic,
} from '@kork/shared';
import { db } from '../data/entities';
import { commitTransaction } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ForbiddenError, ValidationError } from '../platform/errors';
import type { UploadedFile } from '../platform/multipart';
import { deleteAllImages, deleteImage, IMAGE_FIELDS, type ImageField, storeImage } from './account-images';
import { profileAttributes, requireUser, toUser, type UserRecord } from './account-store';
import { hashPassword, verifyPassword } from './passwords';
import type { ProviderIdentity } from './social-tokens';

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
  const { data } = await db()
    .entities.user.patch({ id: userId })
    .set(changes as never)
    .add({ tokenVersion: input.password ? 1 : 0 })
    .go({ response: 'all_new' });
  return toUser({ ...user, ...data } as UserRecord);
}

export async function replaceImage(userId: string, field: ImageField, file: UploadedFile): Promise<User> {
  const user = await requireUser(userId);
  const path = await storeImage(userId, field, file);
  const { data } = await db()
    .entities.user.patch({ id: userId })
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

/** Everything the account owns, by entity (the `owned` collection). */
async function ownedItems(userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const { data } = await db().collections.owned({ ownerId: userId }).go({ pages: 'all' });
  return data as unknown as Record<string, Record<string, unknown>[]>;
}

export async function removeAccount(
  userId: string,
  action: 'deactivate' | 'delete',
  confirmation: string,
): Promise<void> {
  if (!isConfirmationPhrase(action, confirmation))
    throw new ValidationError({ confirmation: 'confirmationMismatch' });
  await requireUser(userId);
  if (action === 'deactivate') {
    await db()
      .entities.user.patch({ id: userId })
      .set({
        status: 'deactivated',
        deactivatedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .add({ tokenVersion: 1 })
      .go();
    return;
  }
  await deleteAllImages(userId);
  // Notes leave through the tastings service, so the wines' averages lose them too.
  const { removeAllTastingsOf } = await import('../tastings/tasting-service');
  await removeAllTastingsOf(userId);
  const entities = db().entities as unknown as Record<
    string,
    { delete(key: Record<string, unknown>): { go(): Promise<unknown> } }
  >;
  const owned = await ownedItems(userId);
  // Everything else first, each delete safe to repeat: a failure half-way leaves an account that can
  // log in and delete itself again.
  const lastTogether = new Set(['user', 'accountEmail', 'accountIdentity']);
  for (const [name, items] of Object.entries(owned)) {
    if (lastTogether.has(name)) continue;
    for (const item of items) await entities[name]?.delete(item).go();
  }
  // Then the address claim, the provider links and the account in one transaction: the address is
  // never free while the account exists, nor claimed once it is gone.
  const claims = (owned.accountEmail ?? []) as { email: string }[];
  const links = (owned.accountIdentity ?? []) as unknown as Pick<ProviderIdentity, 'provider' | 'subject'>[];
  await commitTransaction(() =>
    db().transaction.write(({ user: users, accountEmail, accountIdentity }) => [
      ...claims.map((claim) => accountEmail.delete({ email: claim.email }).commit()),
      ...links.map((l) => accountIdentity.delete({ provider: l.provider, subject: l.subject }).commit()),
      users.delete({ id: userId }).commit(),
    ]),
  );
}

export async function statistic(userId: string): Promise<UserStatistic> {
  const user = await requireUser(userId);
  const owned = await ownedItems(userId);
  const count = (entity: string) => owned[entity]?.length ?? 0;
  return {
    tastingNotes: count('tastingNote'),
    ratings: count('rating'),
    cellarWines: count('cellarWine'),
    wineLists: count('wineList'),
    memberSince: user.createdAt,
  };
}
