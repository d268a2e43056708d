/** Pictures of a cellar and of its wines, stored with the owner's other pictures (users/<id>/). */

import type { Cellar, CellarWine } from '@kork/shared';
import { deleteImage, isUploadedFile, storeImage } from '../accounts/account-images';
import { actorOf } from '../accounts/account-lookup';
import { tables } from '../data/tables';
import { isConditionFailure, retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { cellarOf } from './cellar-service';
import { cellarWineOf } from './kernel/wine-reads';
import { historyRecord, toCellarWine } from './kernel/wine-records';
import { laterThan } from './kernel/wine-transaction';
import { writeChanges } from './kernel/wine-writes';

/** Cellars keep at most this many pictures. */
export const CELLAR_IMAGES_MAX = 12;

function fileOf(body: unknown) {
  const fields = (body ?? {}) as Record<string, unknown>;
  const file = fields.image ?? fields.file;
  if (!isUploadedFile(file)) throw new ValidationError({ image: 'required' });
  return file;
}

/** The path owner's cellar; another cellar's id under this owner's path answers 404, like every other id. */
async function cellarOfOwner(ownerId: string, cellarId: string): Promise<Cellar> {
  const cellar = await cellarOf(ownerId);
  if (cellar.id !== cellarId) throw new NotFoundError();
  return cellar;
}

function tooMany() {
  return new ValidationError({ image: `maxItems|max=${CELLAR_IMAGES_MAX}` });
}

/**
 * Adds a picture: appended to the list in one conditional update (the list must have room), so
 * pictures added at the same moment are all kept, up to 12; one past that answers 400 and its stored
 * file is deleted again.
 */
export async function addCellarImage(ownerId: string, cellarId: string, body: unknown): Promise<Cellar> {
  const cellar = await cellarOfOwner(ownerId, cellarId);
  const file = fileOf(body);
  if (cellar.images.length >= CELLAR_IMAGES_MAX) throw tooMany();
  const path = await storeImage(ownerId, 'cellarImage', file);
  try {
    const { data } = await tables('cellar')
      .cellar.patch({ ownerId })
      .append({ images: [path] })
      .set({ updatedAt: new Date().toISOString() })
      .where((attr, op) => `${op.size(attr.images)} < ${op.escape(CELLAR_IMAGES_MAX)}`)
      .go({ response: 'all_new' });
    return { ...cellar, images: [...(data.images ?? [])], updatedAt: data.updatedAt ?? cellar.updatedAt };
  } catch (error) {
    await deleteImage(path, ownerId);
    if (isConditionFailure(error)) throw tooMany();
    throw error;
  }
}

/**
 * Removes a picture: the list is written conditional on being as read, and read again when another
 * change came first; the file is deleted once it is off the list.
 */
export async function removeCellarImage(ownerId: string, cellarId: string, image: string): Promise<Cellar> {
  await cellarOfOwner(ownerId, cellarId);
  const cellar = await retryOnConflict(async () => {
    const { data } = await tables('cellar').cellar.get({ ownerId }).go({ consistent: true });
    const current = [...(data?.images ?? [])];
    if (!data || data.id !== cellarId || !current.includes(image)) throw new NotFoundError();
    const images = current.filter((path) => path !== image);
    const updatedAt = new Date().toISOString();
    try {
      await tables('cellar')
        .cellar.patch({ ownerId })
        .set({ images, updatedAt })
        .where((attr, op) => op.eq(attr.images, current))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    return { images, updatedAt };
  });
  await deleteImage(image, ownerId);
  return { ...(await cellarOf(ownerId)), ...cellar };
}

/**
 * A wine's own picture replaces the catalogue's on lists; the previous own picture is deleted. When
 * another change to the wine came first the picture is set on the fresh wine, unless that change was
 * another picture: then 409, and this one's file is deleted again.
 */
export async function setWineImage(
  ownerId: string,
  id: string,
  body: unknown,
  principal: Principal,
): Promise<CellarWine> {
  const [first, cellar, actor] = await Promise.all([
    cellarWineOf(ownerId, id),
    cellarOf(ownerId),
    actorOf(principal),
  ]);
  if (!first) throw new NotFoundError();
  const path = await storeImage(ownerId, 'wineImage', fileOf(body));
  let replaced: string | undefined;
  try {
    const after = await retryOnConflict(async (attempt) => {
      const before = attempt === 0 ? first : await freshWine(ownerId, id);
      if (!before) throw new NotFoundError();
      if (before.imageUrl !== first.imageUrl) throw new StaleImage();
      const after = { ...before, imageUrl: path, updatedAt: laterThan(before.updatedAt) };
      await writeChanges([{ before, after, history: historyRecord(after, 'UPDATED', before, after, actor) }]);
      replaced = before.imageUrl;
      return after;
    });
    await deleteImage(replaced, ownerId);
    return toCellarWine(after, cellar.baseCurrency);
  } catch (error) {
    await deleteImage(path, ownerId);
    if (error instanceof StaleImage) throw new ConflictError();
    throw error;
  }
}

/** Another picture was set first (not a ConflictError, so it is not tried again). */
class StaleImage extends Error {}

async function freshWine(ownerId: string, id: string) {
  const { data } = await tables('cellar').cellarWine.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}
