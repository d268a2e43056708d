/**
 * The local runner's geocoder: a small gazetteer of Norwegian postal codes and places
 * (gazetteer/norway-places.json), not an address register. A postal code anywhere in the text finds its
 * area (a code the list does not hold, the area of its first two digits); place names find their town
 * or neighbourhood. Every point is an area's middle, so every answer is marked approximate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeocoderPort } from '@kork/functions/geocoding/geocoder';
import type { GeocodePlace } from '@kork/shared';

type Coded = [code: string, name: string, lat: number, lng: number];
type Named = [name: string, lat: number, lng: number];

interface Gazetteer {
  postalCodes: Coded[];
  areas: Coded[];
  places: Named[];
}

/** Folds case and the Norwegian letters, so "grunerlokka" finds Grünerløkka and "tromso" Tromsø. */
export function fold(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Scored {
  place: GeocodePlace;
  score: number;
}

export function createLocalGeocoder(
  file = join(import.meta.dirname, 'gazetteer', 'norway-places.json'),
): GeocoderPort {
  let gazetteer: Gazetteer | undefined;
  const load = () => {
    gazetteer ??= JSON.parse(readFileSync(file, 'utf8')) as Gazetteer;
    return gazetteer;
  };
  return {
    source: 'gazetteer',
    async search({ text, limit }) {
      const { postalCodes, areas, places } = load();
      const found: Scored[] = [];
      const folded = ` ${fold(text)} `;
      for (const code of text.match(/(?<!\d)\d{4}(?!\d)/g) ?? []) {
        const exact = postalCodes.find(([known]) => known === code);
        const area = exact ?? areas.find(([prefix]) => code.startsWith(prefix));
        if (!area) continue;
        const [, name, lat, lng] = area;
        found.push({
          place: { label: `${code} ${name}`, lat, lng, approximate: true },
          score: exact ? 100 : 60,
        });
      }
      for (const [name, lat, lng] of places) {
        const key = fold(name);
        let score = 0;
        // The whole name among the words typed; a longer name is the more precise place.
        if (folded.includes(` ${key} `)) score = 70 + key.length;
        // The start of a name as someone types it ("tromb", "grune").
        else if (fold(text).length >= 3 && key.startsWith(fold(text))) score = 40;
        if (score > 0) found.push({ place: { label: name, lat, lng, approximate: true }, score });
      }
      found.sort((a, b) => b.score - a.score);
      const seen = new Set<string>();
      const answer: GeocodePlace[] = [];
      for (const { place } of found) {
        if (seen.has(place.label)) continue;
        seen.add(place.label);
        answer.push(place);
        if (answer.length >= limit) break;
      }
      return answer;
    },
  };
}
