/**
 * Demo events: a dozen public events across Norway by the demo restaurant (Fjord Bistro) and the demo
 * expert, dated from the seeding day (most upcoming, three past), each with one or two lists of
 * catalogue wines in stock, and one private event. Made through the events service; an event already
 * there (same organiser and name) is left as it is. Covers are drawn here: a gradient with a glass.
 */
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type EventCategory, EventInput, type EventType, type MainCategory } from '@kork/shared';
import sharp from 'sharp';
import { activeCatalogDocs, type SearchDoc } from '../catalog/search-service';
import type { SeedStep } from '../data/seed-step';
import type { Principal } from '../platform/auth';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';
import { eventsOfOwner } from './event-store';
import type { EventViewer } from './event-views';
import { createEvent } from './event-writes';

const RESTAURANT: Principal = { userId: 'demo-restaurant', role: 'business' };
const EXPERT: Principal = { userId: 'demo-expert', role: 'user', isExpert: true };

interface ListPlan {
  name: string;
  categories: MainCategory[];
  count: number;
}

interface EventPlan {
  organiser: Principal;
  type?: EventType;
  horecaPrices?: boolean;
  name: string;
  category: EventCategory;
  description: string;
  /** Days from the seeding day, and how many days it lasts after its first. */
  inDays: number;
  extraDays?: number;
  startTime: string;
  endTime: string;
  location: string;
  city: string;
  website?: string;
  ticketLink?: string;
  lists: ListPlan[];
  /** The cover's two colours. */
  colours: [string, string];
}

const PLANS: EventPlan[] = [
  {
    organiser: EXPERT,
    name: 'Champagnesmaking for nybegynnere',
    category: 'tasting',
    description:
      'En hyggelig kveld der vi smaker oss gjennom seks musserende viner, fra crémant til champagne. Vi snakker om druer, metoder og hva som skiller de store husene fra småprodusentene. Ingen forkunnskaper kreves.',
    inDays: 5,
    startTime: '18:30',
    endTime: '21:00',
    location: 'Vinkjelleren, Rådhusgata 12',
    city: 'Oslo',
    ticketLink: 'https://billetter.example.no/champagne',
    lists: [{ name: 'Musserende', categories: ['sparkling'], count: 6 }],
    colours: ['#f4e2b8', '#b8893a'],
  },
  {
    organiser: RESTAURANT,
    name: 'Burgunderaften på Bryggen',
    category: 'dinner',
    description:
      'Fem retter fra kjøkkenet til Fjord Bistro, hver med sin burgunder. Kvelden starter med et glass chardonnay i baren og avsluttes med ost og pinot noir.',
    inDays: 12,
    startTime: '19:00',
    endTime: '23:30',
    location: 'Fjord Bistro, Bryggen 7',
    city: 'Bergen',
    website: 'https://fjordbistro.example.no',
    lists: [
      { name: 'Hvite burgundere', categories: ['white'], count: 5 },
      { name: 'Røde burgundere', categories: ['red'], count: 5 },
    ],
    colours: ['#7a1f2b', '#2b0d12'],
  },
  {
    organiser: EXPERT,
    name: 'Riesling til bacalao',
    category: 'dinner',
    description:
      'Bacalao er Ålesunds stolthet, og riesling er kanskje den beste følgesvennen. Vi prøver tørre og halvtørre viner til tre varianter av retten.',
    inDays: 18,
    startTime: '18:00',
    endTime: '22:00',
    location: 'Brosundet, Apotekergata 5',
    city: 'Ålesund',
    lists: [{ name: 'Riesling og andre hvite', categories: ['white'], count: 6 }],
    colours: ['#e8e4a0', '#6d8a3a'],
  },
  {
    organiser: RESTAURANT,
    horecaPrices: true,
    name: 'Vinmesse for serveringsbransjen',
    category: 'fair',
    description:
      'Importører og grossister viser fram høstens nyheter for restauranter, barer og hoteller. Prisene på vinlistene er HORECA-priser eks. mva. for innloggede bedriftskontoer.',
    inDays: 20,
    extraDays: 1,
    startTime: '10:00',
    endTime: '17:00',
    location: 'Oslo Kongressenter, Youngs gate 21',
    city: 'Oslo',
    website: 'https://vinmesse.example.no',
    lists: [
      { name: 'Hvitvin og musserende', categories: ['white', 'sparkling'], count: 10 },
      { name: 'Rødvin', categories: ['red'], count: 10 },
    ],
    colours: ['#2e4a62', '#0f1c28'],
  },
  {
    organiser: EXPERT,
    name: 'Sommelierkurs: smak og struktur',
    category: 'course',
    description:
      'To kvelder om hvordan vin smaker og hvorfor: syre, tanniner, sødme og alkohol. Kurset passer for deg som jobber i servering eller vil lære å beskrive vin presist.',
    inDays: 33,
    extraDays: 1,
    startTime: '17:00',
    endTime: '20:00',
    location: 'Kulturhuset, Sølvberggata 2',
    city: 'Stavanger',
    ticketLink: 'https://billetter.example.no/sommelierkurs',
    lists: [{ name: 'Kursvinene', categories: ['red', 'white'], count: 8 }],
    colours: ['#5b3a6e', '#1e1026'],
  },
  {
    organiser: RESTAURANT,
    name: 'Vin og sjømat under nordlyset',
    category: 'dinner',
    description:
      'Kongekrabbe, skrei og tang fra Nord-Norge møter friske hvitviner og musserende. Bordet dekkes ved vinduet mot fjorden, så sant nordlyset vil.',
    inDays: 40,
    startTime: '19:30',
    endTime: '23:00',
    location: 'Havnepromenaden 3',
    city: 'Tromsø',
    lists: [
      { name: 'Til skalldyr', categories: ['white'], count: 5 },
      { name: 'Bobler', categories: ['sparkling'], count: 3 },
    ],
    colours: ['#1d5b6b', '#0a1f2e'],
  },
  {
    organiser: EXPERT,
    name: 'Portvin og sjokolade',
    category: 'tasting',
    description:
      'Søte og sterke viner fra Douro og andre steder, smakt med sjokolade fra et lokalt konditori. En myk avslutning på uka.',
    inDays: 47,
    startTime: '19:00',
    endTime: '21:30',
    location: 'Stormen kulturhus, Storgata 1',
    city: 'Bodø',
    lists: [{ name: 'Søtt og sterkt', categories: ['fortified', 'dessert'], count: 6 }],
    colours: ['#6b2d1a', '#24100a'],
  },
  {
    organiser: RESTAURANT,
    name: 'Sørlandets rosévinfestival',
    category: 'festival',
    description:
      'Tre dager med rosé fra Provence, Spania og Norges naboland, konserter på kaia og smaksstasjoner med småretter. Alle over 18 år er velkomne.',
    inDays: 55,
    extraDays: 2,
    startTime: '12:00',
    endTime: '22:00',
    location: 'Fiskebrygga',
    city: 'Kristiansand',
    website: 'https://rosefestival.example.no',
    ticketLink: 'https://billetter.example.no/rose',
    lists: [
      { name: 'Rosé', categories: ['rose'], count: 8 },
      { name: 'Sommerhvite', categories: ['white'], count: 4 },
    ],
    colours: ['#f2b5b0', '#c0566a'],
  },
  {
    organiser: EXPERT,
    name: 'Vinterkurs i vinsmaking',
    category: 'course',
    description:
      'En helg ved Mjøsa med smakinger, foredrag og god mat. Vi går gjennom Europas klassiske vinområder og øver på blindsmaking.',
    inDays: 68,
    extraDays: 1,
    startTime: '10:00',
    endTime: '16:00',
    location: 'Hotellet ved Mjøsa, Storgata 2',
    city: 'Lillehammer',
    lists: [
      { name: 'Dag én: hvitt', categories: ['white'], count: 6 },
      { name: 'Dag to: rødt', categories: ['red'], count: 6 },
    ],
    colours: ['#9bb7c9', '#2c4756'],
  },
  {
    organiser: EXPERT,
    name: 'Grunnkurs i vin',
    category: 'course',
    description:
      'Et kveldskurs for deg som vil vite mer om det som står i glasset: druer, områder og hvordan du leser en etikett.',
    inDays: -9,
    startTime: '18:00',
    endTime: '21:00',
    location: 'Litteraturhuset, Kongens gate 2',
    city: 'Trondheim',
    lists: [{ name: 'Kveldens viner', categories: ['white', 'red'], count: 6 }],
    colours: ['#8c6b3a', '#2e2212'],
  },
  {
    organiser: RESTAURANT,
    name: 'Høstens Barolo-smaking',
    category: 'tasting',
    description:
      'Vi åpnet flasker fra Piemonte og smakte nebbiolo fra flere årganger, med trøffelrisotto fra kjøkkenet.',
    inDays: -21,
    startTime: '18:00',
    endTime: '21:00',
    location: 'Vinbaren, Torggata 5',
    city: 'Oslo',
    lists: [{ name: 'Nebbiolo og venner', categories: ['red'], count: 6 }],
    colours: ['#5e1522', '#1c060b'],
  },
  {
    organiser: RESTAURANT,
    name: 'Vinfestival på Bryggen',
    category: 'festival',
    description:
      'To dager med vin fra hele Europa langs Bryggen, med over tjue utstillere og fullt hus begge dager.',
    inDays: -60,
    extraDays: 1,
    startTime: '12:00',
    endTime: '20:00',
    location: 'Bryggen',
    city: 'Bergen',
    lists: [
      { name: 'Utstillernes hvite', categories: ['white'], count: 6 },
      { name: 'Utstillernes røde', categories: ['red'], count: 6 },
    ],
    colours: ['#a34a28', '#3a160a'],
  },
  {
    organiser: RESTAURANT,
    type: 'private',
    name: 'Privat vertikalsmaking Barolo',
    category: 'tasting',
    description:
      'En lukket smaking for faste gjester: samme Barolo i flere årganger, side om side. Lenken deles bare med de inviterte.',
    inDays: 15,
    startTime: '19:00',
    endTime: '22:30',
    location: 'Fjord Bistro, Bryggen 7',
    city: 'Bergen',
    lists: [{ name: 'Vertikalen', categories: ['red'], count: 6 }],
    colours: ['#3d0c14', '#120306'],
  },
];

/** A day `days` from `from`, as the organiser's calendar shows it. */
function dayFrom(from: Date, days: number): string {
  const date = new Date(from.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(date);
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A gradient with a wine glass, the same for the same colours. */
function coverSvg([from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="980" cy="120" r="260" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="160" cy="560" r="200" fill="#000000" fill-opacity="0.08"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="10" stroke-linecap="round">
    <path d="M540 150 L660 150 Q672 290 600 330 Q528 290 540 150 Z"/>
    <path d="M600 330 L600 470"/>
    <path d="M545 480 L655 480"/>
  </g>
  <path d="M548 230 L652 230 Q648 300 600 322 Q552 300 548 230 Z" fill="#ffffff" fill-opacity="0.35"/>
</svg>`;
}

/** Stores the cover with the organiser's pictures (once); answers its path. */
async function cover(plan: EventPlan): Promise<string> {
  const key = `users/${plan.organiser.userId}/eventCover-demo-${slug(plan.name)}.jpg`;
  const bucket = env.mediaBucket();
  const exists = await s3Client()
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(() => true)
    .catch(() => false);
  if (!exists) {
    const body = await sharp(Buffer.from(coverSvg(plan.colours)))
      .jpeg({ quality: 82 })
      .toBuffer();
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'image/jpeg' }),
    );
  }
  return key;
}

/** Wines in stock with a price, by category, in a fixed order. */
function winesByCategory(docs: Iterable<SearchDoc>): Map<MainCategory, SearchDoc[]> {
  const byCategory = new Map<MainCategory, SearchDoc[]>();
  for (const doc of docs) {
    if (!doc.isAvailable || !doc.priceMinor) continue;
    byCategory.set(doc.mainCategoryId, [...(byCategory.get(doc.mainCategoryId) ?? []), doc]);
  }
  for (const list of byCategory.values()) list.sort((a, b) => a.id.localeCompare(b.id));
  return byCategory;
}

/** A small stable hash (FNV-1a): the same seed and id always sort the same. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `count` wines of the categories, in an order of the event's own so events differ. */
function pick(byCategory: Map<MainCategory, SearchDoc[]>, plan: ListPlan, seed: string): string[] {
  let pool = plan.categories.flatMap((category) => byCategory.get(category) ?? []);
  // A small catalogue may lack a category: any wine in stock then.
  if (pool.length === 0) pool = [...byCategory.values()].flat();
  return pool
    .map((doc) => ({ id: doc.id, rank: hash(`${seed}|${doc.id}`) }))
    .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id))
    .slice(0, plan.count)
    .map((doc) => doc.id);
}

export const eventsSeed: SeedStep = {
  name: 'events.demo-events',
  version: 1,
  description: 'a dozen public demo events across Norway and one private event',
  async run(log) {
    const byCategory = winesByCategory(await activeCatalogDocs());
    const today = new Date();
    const existing = new Set<string>();
    for (const organiser of [RESTAURANT, EXPERT])
      for (const record of await eventsOfOwner(organiser.userId))
        existing.add(`${record.ownerId}|${record.name}`);
    let made = 0;
    for (const plan of PLANS) {
      if (existing.has(`${plan.organiser.userId}|${plan.name}`)) continue;
      const startDate = dayFrom(today, plan.inDays);
      const input = EventInput.parse({
        type: plan.type ?? 'public',
        horecaPrices: plan.horecaPrices ?? false,
        name: plan.name,
        category: plan.category,
        description: plan.description,
        startDate,
        endDate: dayFrom(today, plan.inDays + (plan.extraDays ?? 0)),
        startTime: plan.startTime,
        endTime: plan.endTime,
        location: plan.location,
        city: plan.city,
        website: plan.website ?? '',
        ticketLink: plan.ticketLink ?? '',
        coverPhoto: await cover(plan),
        wineLists: plan.lists.map((list) => ({
          name: list.name,
          wineIds: pick(byCategory, list, `${plan.name}|${list.name}`),
        })),
      });
      const viewer: EventViewer = { principal: plan.organiser, currency: 'NOK', locale: 'nb' };
      await createEvent(input, viewer);
      made++;
      log(`  event ${plan.name} (${plan.city}, ${startDate})`);
    }
    return made > 0 ? `${made} demo events` : 'demo events already there';
  },
};
