/** A position on the map: latitude and longitude in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Whether a latitude and longitude are there and on the globe. */
export function isPosition(lat: unknown, lng: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/**
 * Directions from wherever the person is, in Google Maps (on a phone, its app): to the pin when the
 * place has one, else to the address as written.
 */
export function directionsUrl(to: { position?: LatLng; address?: string }): string | undefined {
  const destination = to.position
    ? `${round(to.position.lat)},${round(to.position.lng)}`
    : to.address?.trim();
  if (!destination) return undefined;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** Six decimals: about 10 cm, more than any pin is placed to. */
export function round(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}
