/**
 * Where the browser PUTs an import's file: a presigned S3 URL for the job's key in the imports bucket,
 * signed for the file's type and size (docs/imports.md says how the local runner serves it).
 */
export interface UploadTarget {
  uploadUrl: string;
  uploadHeaders: Record<string, string>;
}

export async function uploadUrlFor(_key: string, _contentType: string, _size: number): Promise<UploadTarget> {
  throw new Error('uploadUrlFor: not written yet');
}

/** Reads an uploaded file back (the scan step); undefined when it is not there. */
export async function readUpload(
  _key: string,
): Promise<{ bytes: Uint8Array; contentType?: string } | undefined> {
  throw new Error('readUpload: not written yet');
}

/** Stores pasted text as the job's file, so it goes through the same scan as an upload. */
export async function putUploadText(_key: string, _text: string): Promise<void> {
  throw new Error('putUploadText: not written yet');
}
