/**
 * The S3 client, created once per module (D6). The endpoint comes from AWS_ENDPOINT_URL_S3, so the
 * same code talks to the S3 emulator, LocalStack or AWS.
 */
import { S3Client } from '@aws-sdk/client-s3';

let s3: S3Client | undefined;

export function s3Client(): S3Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  s3 ??= new S3Client({
    forcePathStyle: Boolean(endpoint),
    // The S3 emulator stores aws-chunked framing verbatim unless checksums are only sent when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return s3;
}

export function resetS3Client(): void {
  s3?.destroy();
  s3 = undefined;
}
