import { type RequestOptions, send } from './api-client';
import { saveBlob } from './save-blob';

/**
 * Files from the API (a PDF, a CSV) through the one API client: its headers, session and failures. Kept
 * out of api-client.ts, which the first screen loads, since only a few pages download.
 */

export interface DownloadOptions extends Omit<RequestOptions, 'body'> {
  /** The kind of file asked for (the `Accept` header); any kind when not given. */
  accept?: string;
  /** `false` hands the file back without saving it (to show it in a tab the caller opened). */
  save?: boolean;
  /** `false` names the file `fileName` even when the answer names it. */
  answerName?: boolean;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the answer gives (`Content-Disposition`, unless `answerName: false`), else the caller's. */
  fileName: string;
}

/** The file name a `Content-Disposition` header gives, if any. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * `GET` of a file (a PDF, a CSV): the client's headers and session, failures as `ApiError`s like every
 * other call, and the file saved under the name the answer gives (unless `answerName: false`) or else
 * `fileName`.
 */
export async function download(
  path: string,
  fileName: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { accept = '*/*', save = true, answerName = true, headers, timeoutMs = 60_000, ...rest } = options;
  const response = await send('GET', path, { ...rest, timeoutMs, headers: { Accept: accept, ...headers } });
  const file = {
    blob: await response.blob(),
    fileName: (answerName && dispositionName(response.headers.get('content-disposition'))) || fileName,
  };
  if (save) saveBlob(file.blob, file.fileName);
  return file;
}
