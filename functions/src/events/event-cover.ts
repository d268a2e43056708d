/**
 * An event's cover photo: uploaded on its own (before the event may exist), checked and decoded as
 * every account picture is, and stored with the uploader's other pictures (users/<id>/, so account
 * deletion removes it). An event then names it by its path; only the uploader's own paths are taken.
 */
import type { EventCoverUpload } from '@kork/shared';
import { deleteImage, isUploadedFile, ownMediaKey, storeImage } from '../accounts/account-images';
import type { Principal } from '../platform/auth';
import { UnauthorizedError, ValidationError } from '../platform/errors';
import { eventsOfOwner } from './event-store';
import { coverUrlOf, type EventViewer } from './event-views';

/** `POST /api/events/covers`: stores the image; answers its path for `coverPhoto` and its address. */
export async function uploadEventCover(body: unknown, viewer: EventViewer): Promise<EventCoverUpload> {
  const userId = viewer.principal?.userId;
  if (!userId) throw new UnauthorizedError();
  const fields = (body ?? {}) as Record<string, unknown>;
  const file = fields.image ?? fields.file ?? fields.cover ?? fields.coverPhoto;
  if (!isUploadedFile(file)) throw new ValidationError({ image: 'required' });
  // Checked by its bytes and decoded whole before it is stored (`storeImage`).
  const path = await storeImage(userId, 'eventCover', file);
  const coverPhoto = path.replace(/^\//, '');
  return { coverPhoto, coverUrl: coverUrlOf(coverPhoto) as string };
}

/**
 * A cover the event may take: the one it has, or one the caller uploaded (`users/<callerId>/…`, resolved
 * and confined to that folder); else 400 `eventCoverNotYours`.
 */
export function checkCover(
  coverPhoto: string | null | undefined,
  current: string | undefined,
  principal: Principal | undefined,
): void {
  if (!coverPhoto || coverPhoto === current) return;
  if (!principal || !ownMediaKey(coverPhoto, principal.userId))
    throw new ValidationError({ coverPhoto: 'eventCoverNotYours' });
}

/**
 * Deletes a cover file an event no longer names, unless another event still shows it: a cover can only
 * be taken by the person who uploaded it (`checkCover`), so their events are the ones to ask. Two such
 * events deleted at the same moment may both keep the file: a stray file, never a missing picture.
 * Only an event cover is ever deleted, and only from the folder of the event's organiser or of the
 * person changing it (an admin's own upload); any other path, as an older event may hold, stays.
 */
export async function dropCover(
  coverPhoto: string | null | undefined,
  organiserId: string,
  principal: Principal | undefined,
): Promise<void> {
  if (!coverPhoto) return;
  const uploader = [organiserId, principal?.userId].find(
    (id): id is string => !!id && !!ownMediaKey(coverPhoto, id),
  );
  const fileName = ownMediaKey(coverPhoto, uploader ?? '')?.split('/')[2];
  if (!uploader || !fileName?.startsWith('eventCover-')) return;
  if ((await eventsOfOwner(uploader)).some((event) => event.coverPhoto === coverPhoto)) return;
  await deleteImage(coverPhoto, uploader);
}
