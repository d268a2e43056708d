import { describe, expect, it } from 'vitest';
import {
  EVENT_LIMITS,
  EventInput,
  EventUpdate,
  EventWineListInput,
  EventWineListsReplace,
  endsAfterStart,
  eventInstants,
  isClockTime,
  isPastEvent,
  isWebAddress,
  osloInstant,
  parseWineIds,
} from './events';

const utc = (iso: string) => Date.parse(iso);

describe('parseWineIds', () => {
  it('splits on commas, semicolons and both mixed', () => {
    expect(parseWineIds('1001,1002').ids).toEqual(['1001', '1002']);
    expect(parseWineIds('1001;1002').ids).toEqual(['1001', '1002']);
    expect(parseWineIds('1001, 1002;1003 ;1004').ids).toEqual(['1001', '1002', '1003', '1004']);
  });

  it('ignores spaces around pieces, newlines and empty pieces', () => {
    expect(parseWineIds('  1001 ,\n 1002\r\n1003;;, ;\n')).toEqual({
      ids: ['1001', '1002', '1003'],
      junk: [],
      repeated: [],
    });
    expect(parseWineIds('')).toEqual({ ids: [], junk: [], repeated: [] });
    expect(parseWineIds(' ; , ')).toEqual({ ids: [], junk: [], repeated: [] });
  });

  it('reads grouped digits as one number', () => {
    expect(parseWineIds('1 001 201; 55 66').ids).toEqual(['1001201', '5566']);
  });

  it('keeps junk as typed', () => {
    expect(parseWineIds('abc, 12-4, 1001, 12.5, 1234567890123')).toEqual({
      ids: ['1001'],
      junk: ['abc', '12-4', '12.5', '1234567890123'],
      repeated: [],
    });
  });

  it('lists each id once, and the repeated ones once each', () => {
    expect(parseWineIds('1001;1002;1001;1 001;1002;1003')).toEqual({
      ids: ['1001', '1002', '1003'],
      junk: [],
      repeated: ['1001', '1002'],
    });
  });
});

describe('isClockTime', () => {
  it('takes HH:mm from 00:00 to 23:59', () => {
    for (const time of ['00:00', '09:05', '12:30', '23:59']) expect(isClockTime(time), time).toBe(true);
    for (const time of ['24:00', '12:60', '9:05', '09:5', '0900', '09:00:00', '', 'ab:cd'])
      expect(isClockTime(time), time).toBe(false);
  });
});

describe('osloInstant', () => {
  it('is one hour ahead of UTC in winter and two in summer', () => {
    expect(osloInstant('2026-01-15', '12:00')).toBe(utc('2026-01-15T11:00:00Z'));
    expect(osloInstant('2026-07-01', '12:00')).toBe(utc('2026-07-01T10:00:00Z'));
    expect(osloInstant('2026-12-31', '23:30')).toBe(utc('2026-12-31T22:30:00Z'));
  });

  it('reads a time the spring night skips with summer time', () => {
    // 29 March 2026: 02:00 becomes 03:00.
    expect(osloInstant('2026-03-29', '01:30')).toBe(utc('2026-03-29T00:30:00Z'));
    expect(osloInstant('2026-03-29', '02:30')).toBe(utc('2026-03-29T00:30:00Z'));
    expect(osloInstant('2026-03-29', '03:30')).toBe(utc('2026-03-29T01:30:00Z'));
  });

  it('reads a time the autumn night has twice as its second reading', () => {
    // 25 October 2026: 03:00 becomes 02:00.
    expect(osloInstant('2026-10-25', '01:30')).toBe(utc('2026-10-24T23:30:00Z'));
    expect(osloInstant('2026-10-25', '02:30')).toBe(utc('2026-10-25T01:30:00Z'));
    expect(osloInstant('2026-10-25', '03:30')).toBe(utc('2026-10-25T02:30:00Z'));
  });
});

describe('endsAfterStart and isPastEvent', () => {
  const sameDay = { startDate: '2026-05-10', startTime: '18:00', endDate: '2026-05-10', endTime: '21:00' };

  it('takes an end later the same day, and overnight across midnight', () => {
    expect(endsAfterStart(sameDay)).toBe(true);
    expect(
      endsAfterStart({
        startDate: '2026-05-10',
        startTime: '22:00',
        endDate: '2026-05-11',
        endTime: '01:00',
      }),
    ).toBe(true);
  });

  it('refuses an end before or equal to the start', () => {
    expect(endsAfterStart({ ...sameDay, endTime: '17:59' })).toBe(false);
    expect(endsAfterStart({ ...sameDay, endTime: '18:00' })).toBe(false);
    expect(endsAfterStart({ ...sameDay, endDate: '2026-05-09', endTime: '23:00' })).toBe(false);
  });

  it('is past once the end has passed', () => {
    const { startsAt, endsAt } = eventInstants(sameDay);
    expect(isPastEvent(sameDay, startsAt - 1)).toBe(false);
    expect(isPastEvent(sameDay, startsAt + 60_000)).toBe(false);
    expect(isPastEvent(sameDay, endsAt - 1)).toBe(false);
    expect(isPastEvent(sameDay, endsAt)).toBe(true);
    expect(isPastEvent(sameDay, endsAt + 86_400_000)).toBe(true);
  });
});

describe('isWebAddress', () => {
  it('takes http(s) addresses with a host, or nothing', () => {
    for (const url of ['', 'https://kork.no', 'http://vin.example.no/billetter?id=4', 'HTTPS://KORK.NO'])
      expect(isWebAddress(url), url).toBe(true);
    for (const url of [
      'kork.no',
      'ftp://kork.no',
      'https://localhost',
      'https://kork .no',
      'javascript:alert(1)',
    ])
      expect(isWebAddress(url), url).toBe(false);
  });
});

describe('the schemas’ messages', () => {
  const year = new Date().getUTCFullYear() + 1;
  const valid = {
    type: 'public',
    horecaPrices: false,
    name: 'Barolo-smaking',
    category: 'tasting',
    startDate: `${year}-05-10`,
    endDate: `${year}-05-10`,
    startTime: '18:00',
    endTime: '21:00',
    location: 'Vinbaren, Torggata 5',
    city: 'Oslo',
  };
  const messages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('takes a valid event, filling the optional fields', () => {
    const parsed = EventInput.parse(valid);
    expect(parsed).toMatchObject({
      description: '',
      website: '',
      ticketLink: '',
      coverPhoto: null,
      wineLists: [],
    });
  });

  it('puts an end before the start on endTime', () => {
    expect(messages(EventInput.safeParse({ ...valid, endTime: '17:00' }))).toEqual({
      endTime: 'eventEndsBeforeStart',
    });
    expect(
      messages(
        EventUpdate.safeParse({
          startDate: '2026-05-10',
          endDate: '2026-05-09',
          startTime: '10:00',
          endTime: '11:00',
        }),
      ),
    ).toEqual({
      endTime: 'eventEndsBeforeStart',
    });
  });

  it('names a bad web address, a bad time and an unknown field', () => {
    expect(messages(EventInput.safeParse({ ...valid, website: 'kork.no' }))).toEqual({
      website: 'invalidWebAddress',
    });
    expect(messages(EventInput.safeParse({ ...valid, startTime: '25:00' }))).toMatchObject({
      startTime: 'invalidTime',
    });
    expect(Object.values(messages(EventInput.safeParse({ ...valid, colour: 'red' })))).toEqual([
      'unknownField',
    ]);
  });

  it('names the bound of a name too long, too many lists and too many wines', () => {
    expect(messages(EventInput.safeParse({ ...valid, name: 'x'.repeat(EVENT_LIMITS.nameMax + 1) }))).toEqual({
      name: `maxCharacters|max=${EVENT_LIMITS.nameMax}`,
    });
    const lists = Array.from({ length: EVENT_LIMITS.listsMax + 1 }, (_, i) => ({
      name: `L${i}`,
      wineIds: [],
    }));
    expect(messages(EventWineListsReplace.safeParse({ lists }))).toEqual({
      lists: `eventListsFull|max=${EVENT_LIMITS.listsMax}`,
    });
    const wineIds = Array.from({ length: EVENT_LIMITS.winesPerListMax + 1 }, (_, i) => `w${i}`);
    expect(messages(EventWineListInput.safeParse({ name: 'L', wineIds }))).toEqual({
      wineIds: `eventListTooLong|max=${EVENT_LIMITS.winesPerListMax}`,
    });
  });

  it('takes only a cover path under users/', () => {
    expect(EventInput.safeParse({ ...valid, coverPhoto: 'users/u1/eventCover-1.jpg' }).success).toBe(true);
    expect(messages(EventInput.safeParse({ ...valid, coverPhoto: 'https://evil.example/x.jpg' }))).toEqual({
      coverPhoto: 'invalidValue',
    });
  });
});
