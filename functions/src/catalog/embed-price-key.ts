/**
 * Prices are for registered users (SPEC §1), so an embedded wine card shows one only when a registered
 * account chose it: the embed code it makes carries a key that only a signed-in account can get. The key
 * is an HMAC of the wine id under a key derived from the access-token signing key, so it needs no storage,
 * cannot be made up for another wine, and a visitor who adds `showPrice=true` by hand gets no price.
 * Rotating the signing key retires every key: embeds made before show no price until made again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../platform/auth';

const PURPOSE = 'kork:embed-price:v1';
/** 128 bits, base64url: short enough for an iframe address. */
const KEY_CHARS = 22;

let derived: { from: Uint8Array; key: Buffer } | undefined;

function embedKey(): Buffer {
  const from = signingKey();
  if (derived?.from !== from) derived = { from, key: createHmac('sha256', from).update(PURPOSE).digest() };
  return derived.key;
}

export function embedPriceKey(wineId: string): string {
  return createHmac('sha256', embedKey()).update(wineId).digest('base64url').slice(0, KEY_CHARS);
}

export function isEmbedPriceKey(wineId: string, key: string | undefined): boolean {
  if (!key || key.length !== KEY_CHARS) return false;
  return timingSafeEqual(Buffer.from(embedPriceKey(wineId)), Buffer.from(key));
}
