import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { SignUpInput, UpdateProfileInput } from './accounts';
import { TastingInput } from './catalog';
import { CellarSettingsInput } from './cellar';
import { CellarWineInput, MoveInput } from './cellar-wines';
import { message } from './messages';
import {
  DYNAMO_MIN_MAGNITUDE,
  drinkingWindowYearField,
  hasControlCharacter,
  hasLoneSurrogate,
  idField,
  isMediaKey,
  isMediaPath,
  isoDateField,
  isStorableNumber,
  latitudeField,
  listField,
  longitudeField,
  MONEY_MAX_MINOR,
  mediaKeyField,
  mediaKeyOwner,
  moneyField,
  NoBody,
  numberField,
  pathIds,
  percentageField,
  QUANTITY_MAX,
  quantityField,
  secretField,
  textField,
  vintageField,
} from './schema-primitives';

/** The first message a schema gives for a value, in English; undefined when the value passes. */
function firstMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : message(result.error.issues[0]?.message ?? '', 'en');
}

const thisYear = new Date().getUTCFullYear();

/** Any string at all: ASCII with controls, full Unicode, lone surrogates. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 })
    .map((codes) => String.fromCharCode(...codes)),
);

/** Any number, the awkward ones made likely. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -1e-100, max: 1e-100 }),
  fc.constantFrom(5e-324, -5e-324, 1e-131, 1e-130, 2 ** 53, 2 ** 53 + 1, 1e308, -1e308, Number.NaN, -0),
  fc.integer(),
);

describe('text', () => {
  const name = textField(14, { min: 1 });
  const note = textField(200, { lines: true });

  it('trims, normalises to NFC and names its bound', () => {
    expect(name.parse('  Barolo  ')).toBe('Barolo');
    expect(name.parse('Ro\u0301se\u0301')).toBe('Rósé');
    expect(firstMessage(name, 'x'.repeat(15))).toBe('At most 14 characters');
    expect(firstMessage(name, '   ')).toBe('Required');
    expect(firstMessage(name, 12)).toBe('Must be text');
    expect(firstMessage(textField(20, { min: 3 }), 'ab')).toBe('At least 3 characters');
  });

  it('refuses NUL, other control characters and lone surrogates, and keeps line breaks only in long text', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u009f', 'a\ud800', '\udfffb', 'tab\there']) {
      expect(firstMessage(name, bad), JSON.stringify(bad)).toBe('Contains control characters or broken text');
    }
    expect(note.parse('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
    expect(firstMessage(note, 'one\u0000two')).toBe('Contains control characters or broken text');
    expect(name.parse('🍷 vin')).toBe('🍷 vin');
    // Tabs, vertical tabs and form feeds at either end are whitespace: trimmed, like spaces.
    expect(name.parse('\u000bBarolo\f')).toBe('Barolo');
  });

  it('accepts only strings without NUL or lone surrogates, in NFC, within the bound (property)', () => {
    for (const schema of [name, note, textField(5)]) {
      fc.assert(
        fc.property(anyString, (value) => {
          const result = schema.safeParse(value);
          if (!result.success) return;
          expect(result.data.includes('\u0000')).toBe(false);
          expect(hasLoneSurrogate(result.data)).toBe(false);
          expect(result.data.normalize('NFC')).toBe(result.data);
          expect(hasControlCharacter(result.data, true)).toBe(false);
          expect(result.data.length).toBeLessThanOrEqual(200);
        }),
        { numRuns: 400 },
      );
    }
  });

  it('keeps secrets as typed but refuses control characters in them', () => {
    const password = secretField(128, { min: 1 });
    expect(password.parse(' Vin 2020x ')).toBe(' Vin 2020x ');
    expect(firstMessage(password, 'Vin2020x\u0000')).toBe('Contains control characters or broken text');
    expect(firstMessage(password, 'x'.repeat(129))).toBe('At most 128 characters');
  });
});

describe('ids', () => {
  it('takes ULIDs, demo ids, share tokens and uncategorized, and nothing longer or stranger', () => {
    for (const good of [
      '01JB2Z3Y4X5W6V7T8S9R0QPNMK',
      'demo-restaurant',
      'q3Zr_8-bX1kPq0aLmN4t2w',
      'uncategorized',
    ]) {
      expect(idField.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(2100), 'a b', 'a/b', 'a\u0000', 'æ', '../x', 'a.b']) {
      expect(idField.safeParse(bad).success, bad).toBe(false);
    }
    expect(firstMessage(idField, 'x'.repeat(2100))).toBe('Not a valid id');
    expect(pathIds('id', 'ownWineId').safeParse({ id: 'demo-private', ownWineId: 'a' }).success).toBe(true);
  });

  it('accepts only short strings of letters, digits, - and _ (property)', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const result = idField.safeParse(value);
        if (result.success) expect(result.data).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      }),
      { numRuns: 400 },
    );
  });
});

describe('numbers', () => {
  it('knows what DynamoDB can store', () => {
    for (const good of [0, -0, 1, -1, 0.1, 1e-130, -1e-130, 2 ** 53 - 1, -(2 ** 53 - 1), 59.9139]) {
      expect(isStorableNumber(good), String(good)).toBe(true);
    }
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      5e-324,
      1e-131,
      2 ** 53,
      2 ** 53 + 1,
      1e308,
      -1e308,
    ]) {
      expect(isStorableNumber(bad), String(bad)).toBe(false);
    }
  });

  it('names the range, whole numbers and decimals DynamoDB refuses', () => {
    expect(firstMessage(latitudeField, 1e308)).toBe('Must be between -90 and 90');
    expect(firstMessage(longitudeField, -181)).toBe('Must be between -180 and 180');
    expect(firstMessage(latitudeField, 5e-324)).toBe('Too many decimals');
    expect(latitudeField.parse(59.9139)).toBe(59.9139);
    expect(firstMessage(latitudeField, '59.9')).toBe('Must be a number');
    expect(firstMessage(quantityField(), 1.5)).toBe('Must be a whole number');
    expect(firstMessage(quantityField(), 2 ** 53 + 1)).toBe('Must be between 0 and 1,000,000');
    const raw = quantityField().safeParse(-1).error?.issues[0]?.message ?? '';
    expect(raw).toBe('between|min=0|max=1000000');
    expect(message(raw, 'nb').replace(/\s/g, ' ')).toBe('Må være mellom 0 og 1 000 000');
    expect(firstMessage(percentageField, 100.5)).toBe('Must be between 0 and 100');
    expect(firstMessage(moneyField, -1)).toBe('Must not be negative');
    expect(firstMessage(moneyField, MONEY_MAX_MINOR + 1)).toBe('The amount is too large');
    expect(firstMessage(moneyField, 12.5)).toBe('Must be a whole number');
  });

  it('keeps money × quantity a safe integer', () => {
    expect(Number.isSafeInteger(MONEY_MAX_MINOR * QUANTITY_MAX)).toBe(true);
  });

  it('accepts only numbers DynamoDB can store, within their bounds (property)', () => {
    const schemas: [z.ZodMiniType<number>, number, number][] = [
      [numberField(-1e9, 1e9), -1e9, 1e9],
      [latitudeField, -90, 90],
      [longitudeField, -180, 180],
      [percentageField, 0, 100],
      [moneyField, 0, MONEY_MAX_MINOR],
      [quantityField(), 0, QUANTITY_MAX],
      [vintageField, 1800, thisYear + 1],
      [drinkingWindowYearField, 1900, thisYear + 100],
    ];
    for (const [schema, min, max] of schemas) {
      fc.assert(
        fc.property(anyNumber, (value) => {
          const result = schema.safeParse(value);
          if (!result.success) return;
          expect(isStorableNumber(result.data)).toBe(true);
          expect(result.data === 0 || Math.abs(result.data) >= DYNAMO_MIN_MAGNITUDE).toBe(true);
          expect(result.data).toBeGreaterThanOrEqual(min);
          expect(result.data).toBeLessThanOrEqual(max);
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('years and dates', () => {
  it('bounds vintages and drinking windows by this year', () => {
    expect(firstMessage(vintageField, 1)).toBe(`Must be between 1800 and ${thisYear + 1}`);
    expect(firstMessage(vintageField, thisYear + 2)).toBe(`Must be between 1800 and ${thisYear + 1}`);
    expect(vintageField.parse(1870)).toBe(1870);
    expect(firstMessage(drinkingWindowYearField, 1899)).toBe(`Must be between 1900 and ${thisYear + 100}`);
    expect(drinkingWindowYearField.parse(thisYear + 40)).toBe(thisYear + 40);
  });

  it('takes real days within the range only', () => {
    const day = isoDateField({ min: '1900-01-01', max: () => '2026-12-31' });
    expect(day.parse('2024-02-29')).toBe('2024-02-29');
    expect(firstMessage(day, '2023-02-29')).toBe('Invalid date');
    expect(firstMessage(day, '0001-01-01')).toBe('Must be a date from 1900-01-01 to 2026-12-31');
    expect(firstMessage(day, '2027-01-01')).toBe('Must be a date from 1900-01-01 to 2026-12-31');
    expect(firstMessage(day, '2024-01-01T00:00:00Z')).toBe('Invalid date');
  });

  it('refuses a tasting in year 1 or tomorrow-but-one, and a birth date before 1900', () => {
    const tasting = { points: 90, isPublished: true };
    expect(firstMessage(TastingInput, { ...tasting, date: '0001-06-01' })).toBe('Invalid date');
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(firstMessage(TastingInput, { ...tasting, date: later })).toBe('Invalid date');
    expect(TastingInput.safeParse({ ...tasting, date: '1985-06-01' }).success).toBe(true);
    const signUp = {
      email: 'kari@example.no',
      password: 'Vin2020x',
      userType: 'PRIVATE_USER',
      firstName: 'Kari',
      lastName: 'Nordmann',
    };
    expect(firstMessage(SignUpInput, { ...signUp, birthDate: '1899-12-31' })).toMatch(
      /^Must be a date from 1900-01-01 to \d{4}-\d{2}-\d{2}$/,
    );
    expect(SignUpInput.safeParse({ ...signUp, birthDate: '1950-01-01' }).success).toBe(true);
  });
});

describe('lists and bodies', () => {
  it('checks a list’s length before its items', () => {
    const ids = listField(idField, 3, { min: 1 });
    expect(firstMessage(ids, ['a', 'b', 'c', 'd'])).toBe('At most 3 items');
    expect(firstMessage(ids, [])).toBe('Required');
    expect(firstMessage(ids, ['a', 'x y'])).toBe('Not a valid id');
    const huge = Array.from({ length: 100_000 }, () => ({}));
    const result = ids.safeParse(huge);
    expect(result.success ? 0 : result.error.issues.length).toBe(1);
  });

  it('takes an empty body as no body and refuses fields in it', () => {
    expect(NoBody.safeParse({}).success).toBe(true);
    expect(firstMessage(NoBody, { name: 'x' })).toBe('Not a field this accepts');
  });
});

describe('the shared schemas use the rules', () => {
  it('refuses the values reported: a latitude of 1e308, a 2,100-character id, NUL and broken text', () => {
    const fields = (schema: z.ZodMiniType, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(fields(UpdateProfileInput, { tastingLocationLat: 1e308 })).toHaveProperty('tastingLocationLat');
    expect(fields(UpdateProfileInput, { tastingLocationLat: '1e308' })).toHaveProperty('tastingLocationLat');
    expect(fields(UpdateProfileInput, { tastingLocationLong: '5e-324' })).toHaveProperty(
      'tastingLocationLong',
    );
    expect(fields(UpdateProfileInput, { tastingLocationLat: '59.91' })).toEqual({});
    expect(fields(UpdateProfileInput, { bio: 'a\u0000b' })).toHaveProperty('bio');
    expect(fields(UpdateProfileInput, { firstName: 'Kari\ud800' })).toHaveProperty('firstName');
    expect(
      fields(MoveInput, {
        moves: [{ ownWineId: 'x'.repeat(2100), fromLocationId: null, toLocationId: null, quantity: 1 }],
      }),
    ).toHaveProperty(['moves.0.ownWineId']);
    expect(fields(CellarSettingsInput, { vats: { red: 5e-324 } })).toHaveProperty(['vats.red']);
    expect(
      fields(CellarWineInput, { source: 'CUSTOM', wineName: 'Vin', bottleSize: 0.75, quantity: 2 ** 53 + 1 }),
    ).toHaveProperty('quantity');
    expect(
      fields(CellarWineInput, {
        source: 'CUSTOM',
        wineName: 'Vin',
        bottleSize: 0.75,
        quantity: 1,
        grapes: [{ name: 'Nebbiolo', share: 101 }],
      }),
    ).toHaveProperty(['grapes.0.share']);
    expect(fields(CellarWineInput, { wineId: 'x'.repeat(2100), quantity: 1 })).toHaveProperty('wineId');
  });
});

describe('media keys', () => {
  it('takes a picture key as an upload answers it', () => {
    expect(isMediaKey('users/01JABC/eventCover-01jxyz.png')).toBe(true);
    expect(isMediaKey('users/demo-expert/eventCover-demo-vinfest.jpg')).toBe(true);
    expect(isMediaPath('/users/01JABC/tastingPhoto-01jxyz.webp')).toBe(true);
    expect(mediaKeyOwner('/users/01JABC/tastingPhoto-01jxyz.webp')).toBe('01JABC');
  });

  it('refuses every path that leaves its folder or says it otherwise', () => {
    for (const key of [
      'users/me/../victim/profileImage-1.png',
      'users/me/..',
      'users/../victim/profileImage-1.png',
      'users/me/%2e%2e/victim/profileImage-1.png',
      'users/me/%2E%2E/victim/profileImage-1.png',
      'users/me/%2e%2E%2fvictim%2fprofileImage-1.png',
      'users/me\\..\\victim\\profileImage-1.png',
      'users/me/a\\b.png',
      '/users/me/eventCover-1.png',
      '//users/me/eventCover-1.png',
      'users//eventCover-1.png',
      'users/me//eventCover-1.png',
      'users/me/eventCover-1.png/',
      'users/me/./eventCover-1.png',
      'users/me/.hidden',
      'users/me/sub/eventCover-1.png',
      'demo/bottle.png',
      'users/me/eventCover-1..png',
      'users/me/eventCover 1.png',
      '',
    ]) {
      expect(isMediaKey(key), key).toBe(false);
      expect(mediaKeyField.safeParse(key).success, key).toBe(false);
      if (!isMediaPath(key)) expect(mediaKeyOwner(key), key).toBeUndefined();
    }
    expect(isMediaPath('users/me/eventCover-1.png')).toBe(false);
    expect(isMediaPath('//users/me/eventCover-1.png')).toBe(false);
    expect(isMediaPath('/users/me/../victim/profileImage-1.png')).toBe(false);
  });

  it('never takes a key with a `..` part, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('users', 'me', '..', '.', '', 'a.png', '%2e%2e', '\\'), { maxLength: 6 }),
        (parts) => {
          const key = parts.join('/');
          if (isMediaKey(key)) {
            expect(key.split('/')).toHaveLength(3);
            expect(key.split('/').every((part) => part !== '..' && part !== '.' && part !== '')).toBe(true);
            expect(key).not.toMatch(/[%\\]/);
          }
        },
      ),
    );
  });
});
