/** Puts text on the clipboard; rejects where the browser has no clipboard or refuses (no permission, no focus). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/** The absolute address of a path on this site, as it is shared and embedded. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
