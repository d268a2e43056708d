/**
 * A list's logo: an image upload checked and decoded as the cellar's pictures are, stored with the
 * owner's other pictures (users/<id>/, so account deletion removes it), with its pixel size kept for
 * the printed logo's box. The PDF reads its bytes with `wineListLogo`.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { isMediaPath, type WineList } from '@kork/shared';
import { deleteImage, isUploadedFile, storeImage } from '../accounts/account-images';
import { tables } from '../data/tables';
import { isConditionFailure, laterThan, retryOnConflict } from '../data/transactions';
import { decodeUpload } from '../media/decode-upload';
import { env } from '../platform/env';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { s3Client } from '../platform/s3';
import { invalidateListPage } from './list-page-cdn';
import { listRecordOf, toWineList, type WineListRecord } from './wine-list-store';

function fileOf(body: unknown) {
  const fields = (body ?? {}) as Record<string, unknown>;
  const file = fields.image ?? fields.file ?? fields.logo;
  if (!isUploadedFile(file)) throw new ValidationError({ image: 'required' });
  return file;
}

/** Writes the logo fields conditional on the version read; another change first makes it read again. */
async function writeLogo(
  ownerId: string,
  listId: string,
  logo: { logo: string; logoWidth: number; logoHeight: number } | undefined,
): Promise<{ after: WineListRecord; replaced?: string }> {
  return retryOnConflict(async () => {
    const record = await listRecordOf(ownerId, listId);
    if (!logo && !record.logo) throw new NotFoundError();
    const version = record.version + 1;
    const updatedAt = laterThan(record.updatedAt);
    try {
      const change = tables('wine-lists').wineList.patch({ ownerId, id: listId });
      const write = logo
        ? change.set({ ...logo, version, updatedAt })
        : change.set({ version, updatedAt }).remove(['logo', 'logoWidth', 'logoHeight']);
      await write.where((attr, op) => op.eq(attr.version, record.version)).go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    const { logo: replaced, logoWidth: _w, logoHeight: _h, ...rest } = record;
    const after = { ...rest, ...logo, version, updatedAt } as WineListRecord;
    return { after, replaced };
  });
}

/** `POST …/wine-lists/{listId}/logo`: sets (or replaces) the logo; the previous file is deleted. */
export async function uploadWineListLogo(ownerId: string, listId: string, body: unknown): Promise<WineList> {
  await listRecordOf(ownerId, listId);
  const file = fileOf(body);
  const { width, height } = await decodeUpload(file);
  const path = await storeImage(ownerId, 'wineListLogo', file);
  try {
    const { after, replaced } = await writeLogo(ownerId, listId, {
      logo: path,
      logoWidth: width,
      logoHeight: height,
    });
    await deleteImage(replaced, ownerId);
    await invalidateListPage(listId);
    return toWineList(after);
  } catch (error) {
    await deleteImage(path, ownerId);
    throw error;
  }
}

/** `DELETE …/wine-lists/{listId}/logo`: removes the logo (404 when there is none). */
export async function deleteWineListLogo(ownerId: string, listId: string): Promise<WineList> {
  const { after, replaced } = await writeLogo(ownerId, listId, undefined);
  await deleteImage(replaced, ownerId);
  await invalidateListPage(listId);
  return toWineList(after);
}

/** A list's logo for printing: its bytes, type and width ÷ height; undefined without one. */
export interface WineListLogoImage {
  bytes: Buffer;
  contentType?: string;
  aspect: number;
}

/**
 * The logo's bytes from the media bucket, for a list as `getWineListDetail` answers it (`logoUrl` and
 * `logoAspect`); undefined when the list has no logo or its file is gone.
 */
export async function wineListLogo(
  list: Pick<WineList, 'logoUrl' | 'logoAspect'>,
): Promise<WineListLogoImage | undefined> {
  if (!list.logoUrl || !isMediaPath(list.logoUrl)) return undefined;
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env.mediaBucket(), Key: list.logoUrl.slice(1) }),
    );
    if (!object.Body) return undefined;
    const bytes = Buffer.from(await object.Body.transformToByteArray());
    return { bytes, contentType: object.ContentType, aspect: list.logoAspect ?? 1 };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
