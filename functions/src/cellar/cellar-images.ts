/** Pictures of a cellar and of its wines, stored with the owner's other pictures (users/<id>/). */

import type { Cellar, CellarWine } from '@kork/shared';
import { deleteImage, isUploadedFile, storeImage } from '../accounts/account-images';
import { db } from '../data/entities';
import type { Principal } from '../platform/auth';
import { NotFoundError, ValidationError } from '../platform/errors';
import { cellarOf } from './cellar-service';
import {
  actorOf,
  cellarWineOf,
  historyRecord,
  laterThan,
  toCellarWine,
  writeChanges,
} from './cellar-wine-store';

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

export async function addCellarImage(ownerId: string, cellarId: string, body: unknown): Promise<Cellar> {
  const cellar = await cellarOfOwner(ownerId, cellarId);
  if (cellar.images.length >= CELLAR_IMAGES_MAX) throw new ValidationError({ image: 'tooLong' });
  const path = await storeImage(ownerId, 'cellarImage', fileOf(body));
  const images = [...cellar.images, path];
  await db().entities.cellar.patch({ ownerId }).set({ images, updatedAt: new Date().toISOString() }).go();
  return { ...cellar, images };
}

export async function removeCellarImage(ownerId: string, cellarId: string, image: string): Promise<Cellar> {
  const cellar = await cellarOfOwner(ownerId, cellarId);
  if (!cellar.images.includes(image)) throw new NotFoundError();
  const images = cellar.images.filter((path) => path !== image);
  await db().entities.cellar.patch({ ownerId }).set({ images, updatedAt: new Date().toISOString() }).go();
  await deleteImage(image);
  return { ...cellar, images };
}

/** A wine's own picture replaces the catalogue's on lists; the previous own picture is deleted. */
export async function setWineImage(
  ownerId: string,
  id: string,
  body: unknown,
  principal: Principal,
): Promise<CellarWine> {
  const [before, cellar, actor] = await Promise.all([
    cellarWineOf(ownerId, id),
    cellarOf(ownerId),
    actorOf(principal),
  ]);
  if (!before) throw new NotFoundError();
  const path = await storeImage(ownerId, 'wineImage', fileOf(body));
  const after = {
    ...before,
    imageUrl: path,
    updatedAt: laterThan(before.updatedAt),
  };
  await writeChanges([{ before, after, history: historyRecord(after, 'UPDATED', before, after, actor) }]);
  await deleteImage(before.imageUrl);
  return toCellarWine(after, cellar.baseCurrency);
}
