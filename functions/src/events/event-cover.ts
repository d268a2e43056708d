/**
 * An event's cover photo: uploaded on its own (before the event may exist), checked and decoded as
 * every account picture is, and stored with the uploader's other pictures (users/<id>/, so account
 * deletion removes it). An event then names it by its path; only the uploader's own paths are taken.
 */
import type { EventCoverUpload } from '@kork/shared';
import { deleteImage, isUploadedFile, storeImage } from '../accounts/account-images';
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
 * A cover the event may take: the one it has, or one the caller uploaded (`users/<callerId>/…`); else
 * 400 `eventCoverNotYours`.
 */
export function checkCover(
  coverPhoto: string | null | undefined,
  current: string | undefined,
  principal: Principal | undefined,
): void {
  if (!coverPhoto || coverPhoto === current) return;
  if (!principal || !coverPhoto.startsWith(`users/${principal.userId}/`))
    throw new ValidationError({ coverPhoto: 'eventCoverNotYours' });
}

/**
 * Deletes a cover file an event no longer names, unless another event still shows it: a cover can only
 * be taken by the person who uploaded it (`checkCover`), so their events are the ones to ask. Two such
 * events deleted at the same moment may both keep the file: a stray file, never a missing picture.
 */
export async function dropCover(coverPhoto: string | null | undefined): Promise<void> {
  if (!coverPhoto) return;
  const uploader = /^users\/([^/]+)\//.exec(coverPhoto)?.[1];
  if (uploader && (await eventsOfOwner(uploader)).some((event) => event.coverPhoto === coverPhoto)) return;
  await deleteImage(`/${coverPhoto}`);
}
