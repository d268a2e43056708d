/**
 * The supplier link's token from the address's fragment (`#t=<token>`): the fragment never leaves the
 * browser, so the token reaches no server log or referrer. `null` when there is none.
 */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('t')?.trim();
  return token && token.length <= 4000 ? token : null;
}
