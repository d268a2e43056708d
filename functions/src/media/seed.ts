import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { SeedStep } from '../data/seed-step';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';
import { DEMO_BOTTLE_SVG } from './default-bottle';

export const DEMO_BOTTLE_KEY = 'demo/bottle.png';

/** Puts a demo bottle photo in the media bucket so `/img?url=/demo/bottle.png` works on a fresh start. */
export const mediaSeed: SeedStep = {
  name: 'media.demo-images',
  version: 1,
  description: 'demo images in the media bucket',
  async run() {
    const bucket = env.mediaBucket();
    const exists = await s3Client()
      .send(new HeadObjectCommand({ Bucket: bucket, Key: DEMO_BOTTLE_KEY }))
      .then(() => true)
      .catch(() => false);
    if (exists) return 'already present';
    const body = await sharp(Buffer.from(DEMO_BOTTLE_SVG)).resize({ width: 800 }).png().toBuffer();
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket, Key: DEMO_BOTTLE_KEY, Body: body, ContentType: 'image/png' }),
    );
    return `uploaded ${DEMO_BOTTLE_KEY}`;
  },
};
