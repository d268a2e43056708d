import { translateMessage } from './form-schema';
import { dismissToast, notify } from './notify';

/** Puts text on the clipboard; rejects where the browser has no clipboard or refuses (no permission, no focus). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/** The absolute address of a path on this site, as it is shared and embedded. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** The last "link copied" toast: copying again replaces it, so one copy never stacks two alike. */
let copiedToast: string | undefined;

/**
 * Copies a page's address and says so in one toast (`copiedText`), or shows "Unable to copy link" when
 * the browser refuses.
 */
export async function copyLink(url: string, copiedText: string): Promise<void> {
  try {
    await copyText(url);
    if (copiedToast) dismissToast(copiedToast);
    copiedToast = notify.success(copiedText);
  } catch {
    notify.error(translateMessage('unableToCopyLink'));
  }
}

/** Whether the device has its own share sheet (the Web Share API) for this address: phones, some desktops. */
export function hasWebShare(url: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  try {
    return typeof navigator.canShare === 'function' ? navigator.canShare({ url }) : true;
  } catch {
    return false;
  }
}

/**
 * Opens the device's share sheet. Answers false when there is none or it failed (the caller offers its
 * own menu); closing the sheet is an answer too (true) and does nothing more.
 */
export async function nativeShare(url: string, title: string): Promise<boolean> {
  if (!hasWebShare(url)) return false;
  try {
    await navigator.share({ title, url });
    return true;
  } catch (error) {
    return (error as { name?: string } | null)?.name === 'AbortError';
  }
}

/**
 * Opens the device's share sheet for a page where there is one; elsewhere (or when sharing fails)
 * copies its address as `copyLink` does. Closing the sheet does nothing more.
 */
export async function shareLink(url: string, title: string, copiedText: string): Promise<void> {
  if (await nativeShare(url, title)) return;
  await copyLink(url, copiedText);
}

export type ShareTarget = 'email' | 'facebook' | 'x' | 'whatsapp';

/** Where the share menu sends an address: a mail draft and the share pages of Facebook, X and WhatsApp. */
export function shareTargets(url: string, text: string): Record<ShareTarget, string> {
  const u = encodeURIComponent(url);
  const both = encodeURIComponent(`${text} ${url}`);
  return {
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${both}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${u}`,
    whatsapp: `https://wa.me/?text=${both}`,
  };
}
