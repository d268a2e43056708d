import type { EventSummary, EventsPage, EventWine, WineEvent } from '@kork/shared';

export function summaryFixture(over: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 'ev1',
    type: 'public',
    name: 'Barolo evening',
    category: 'tasting',
    startDate: '2030-03-14',
    endDate: '2030-03-14',
    startTime: '18:00',
    endTime: '22:00',
    location: 'Vinbaren, Torggata 5',
    city: 'Oslo',
    organiser: { id: 'demo-restaurant', name: 'Vinbaren', kind: 'tastingLocation' },
    wineCount: 6,
    listCount: 1,
    ...over,
  };
}

export function pageFixture(rows: EventSummary[], over: Partial<EventsPage> = {}): EventsPage {
  return { rows, count: rows.length, cities: ['Bergen', 'Oslo'], ...over };
}

export function eventWineFixture(over: Partial<EventWine> = {}): EventWine {
  return {
    id: 'w1',
    name: 'Barolo Cannubi',
    producer: 'Borgogno',
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: ['Nebbiolo'],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
    ...over,
  };
}

export function eventFixture(over: Partial<WineEvent> = {}): WineEvent {
  return {
    ...summaryFixture(),
    horecaPrices: false,
    description: 'Six Barolos.\nBring friends.',
    website: 'https://vinbaren.example.no',
    ticketLink: 'https://tickets.example.no/barolo',
    coverPhoto: null,
    wineLists: [
      { id: 'l1', name: 'Barolo flight', wineIds: ['w1'], wines: [eventWineFixture({ price: 459.9 })] },
    ],
    canEdit: false,
    related: [
      summaryFixture({
        id: 'ev2',
        name: 'Nebbiolo course',
        category: 'course',
        startDate: '2030-04-02',
        endDate: '2030-04-02',
        startTime: '17:00',
        location: 'Vinskolen',
        city: 'Bergen',
      }),
    ],
    currency: 'NOK',
    version: 1,
    createdAt: '2030-01-01T10:00:00Z',
    updatedAt: '2030-01-01T10:00:00Z',
    ...over,
  };
}
