/**
 * The demo year's chance and people: a seeded random generator, so the same year is made every time,
 * and the names, companies and stores its sales and orders mention.
 */
import type { SaleParty } from '@kork/shared';

// — A seeded random generator (mulberry32) —

export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof generator>;

export const FIRST_NAMES = [
  'Ingrid',
  'Ola',
  'Kari',
  'Lars',
  'Sigrid',
  'Håkon',
  'Solveig',
  'Bjørn',
  'Astrid',
  'Øystein',
  'Marte',
  'Eirik',
  'Ragnhild',
  'Torbjørn',
  'Åse',
  'Jørgen',
];
export const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Berg',
  'Haugen',
  'Dahl',
  'Løvås',
  'Sæther',
  'Bråten',
  'Ødegård',
  'Aas',
];
export const COMPANIES = [
  'Bryggen Arkitekter AS',
  'Vestland Rørleggerservice',
  'Fjordkraft Eventbyrå',
  'Sandviken Båtforening',
];
export const STORES = [
  'Bryggen 12, 5003 Bergen',
  'Strandkaien 4, 5013 Bergen',
  'Nordnesgaten 28, 5005 Bergen',
];
export const CENTRAL_STORE = 'Fjord Bistro sentrallager';

export function person(random: Random): SaleParty {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const mail = `${firstName}.${lastName}`
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a');
  return {
    firstName,
    lastName,
    phone: `+47 9${random.int(10, 99)} ${random.int(10, 99)} ${random.int(100, 999)}`,
    email: `${mail}@example.no`,
  };
}
