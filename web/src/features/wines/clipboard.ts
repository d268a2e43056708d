import { translateMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';

/** Puts text on the clipboard; rejects where the browser has no clipboard or refuses (no permission, no focus). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/** The absolute address of a path on this site, as it is shared and embedded. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * Copies a page's address and says so in a toast (`copiedText`), or shows "Unable to copy link" when the
 * browser refuses.
 */
export async function copyLink(url: string, copiedText: string): Promise<void> {
  try {
    await copyText(url);
    notify.success(copiedText);
  } catch {
    notify.error(translateMessage('unableToCopyLink'));
  }
}

/**
 * Opens the device's share sheet for a page where there is one; elsewhere (or when sharing fails)
 * copies its address as `copyLink` does. Closing the sheet does nothing more.
 */
export async function shareLink(url: string, title: string, copiedText: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return;
    }
  }
  await copyLink(url, copiedText);
}
