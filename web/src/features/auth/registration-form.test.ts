import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import {
  emptyRegistration,
  formErrors,
  NO_IMAGES,
  type RegistrationValues,
  signUpFormData,
  stepErrors,
} from './registration-form';

function filled(overrides: Partial<RegistrationValues>): RegistrationValues {
  return {
    ...emptyRegistration('NOK'),
    email: ' Anna@Example.com ',
    password: 'Abc12345',
    confirmPassword: 'Abc12345',
    firstName: 'Anna',
    lastName: 'Berg',
    birthDate: '1990-05-17',
    ...overrides,
  };
}

/** The name and address a business's place must have. */
const place = { tastingLocationName: 'Vinstua', tastingLocationAddress: 'Torggata 1, Oslo' };

function png(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

describe('the registration form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends a restaurant’s tasting location and its pictures, as text fields', () => {
    const values = filled({
      userType: 'RESTAURANT',
      tastingLocationName: 'Vinstua',
      tastingLocationLat: 59.91,
      tastingLocationLong: 10.75,
      tastingLocationIsWineListPublic: false,
      tastingLocationInstagramUsername: '@vinstua',
      organizationNumber: '923609016',
      newsletter: true,
    });
    const form = signUpFormData(values, {
      profileImage: png('me.png'),
      tastingLocationLogo: png('logo.png'),
      tastingLocationImage: null,
    });

    expect(form.get('email')).toBe('Anna@Example.com');
    expect(form.get('userType')).toBe('RESTAURANT');
    expect(form.get('tastingLocationName')).toBe('Vinstua');
    expect(form.get('tastingLocationLat')).toBe('59.91');
    expect(form.get('tastingLocationIsWineListPublic')).toBe('false');
    expect(form.get('tastingLocationInstagramUsername')).toBe('vinstua');
    expect(form.get('newsletter')).toBe('true');
    expect(form.get('viewCurrency')).toBe('NOK');
    expect(form.get('tastingLocationLogo')).toBeInstanceOf(File);
    // A restaurant sets up its place, not a personal profile.
    expect(form.has('profileImage')).toBe(false);
    expect(form.has('wineLevel')).toBe(false);
  });

  it('sends a private user’s profile without any tasting-location field', () => {
    const form = signUpFormData(
      filled({ userType: 'PRIVATE_USER', wineLevel: 'ENTHUSIAST', country: 'NO' }),
      {
        profileImage: png('me.png'),
        tastingLocationLogo: png('logo.png'),
        tastingLocationImage: null,
      },
    );

    expect(form.get('wineLevel')).toBe('ENTHUSIAST');
    expect(form.get('country')).toBe('NO');
    expect(form.get('profileImage')).toBeInstanceOf(File);
    expect([...form.keys()].some((key) => key.startsWith('tastingLocation'))).toBe(false);
    expect(form.has('organizationNumber')).toBe(false);
  });

  it('asks a business with a tasting location for the name and address of its place', () => {
    expect(stepErrors('profile', filled({ userType: 'RESTAURANT', tastingLocationName: ' ' }))).toEqual({
      tastingLocationName: 'Required',
      tastingLocationAddress: 'Required',
    });
    expect(
      stepErrors('profile', filled({ userType: 'WINE_BAR', ...place, tastingLocationAddress: '' })),
    ).toEqual({ tastingLocationAddress: 'Required' });
    expect(stepErrors('profile', filled({ userType: 'WINE_BAR', ...place }))).toEqual({});
    // Importers and private users have a personal profile, without a place.
    expect(stepErrors('profile', filled({ userType: 'WINE_IMPORTER' }))).toEqual({});
    expect(formErrors(filled({ userType: 'HOTEL' })).step).toBe('profile');
  });

  it('checks an organization number only for the types that give one', () => {
    expect(stepErrors('profile', filled({ userType: 'STORE', ...place, organizationNumber: '123' }))).toEqual(
      {
        organizationNumber: 'Organization number must be 9 digits',
      },
    );
    expect(stepErrors('profile', filled({ userType: 'PRIVATE_USER', organizationNumber: '123' }))).toEqual(
      {},
    );
  });

  it('names the first step that fails when the whole form is checked', () => {
    expect(formErrors(filled({ userType: '' })).step).toBe('type');
    expect(
      formErrors(filled({ userType: 'HOTEL', ...place, tastingLocationWebUrl: 'not a link' })).step,
    ).toBe('profile');
    expect(formErrors(filled({ userType: 'HOTEL', ...place }))).toEqual({ errors: {}, step: undefined });
  });

  it('asks no address or password when Google gives them, and sends Google’s token instead', () => {
    const google = {
      provider: 'google',
      token: 'header.claims.signature',
      email: 'anna@example.com',
    } as const;
    const values = filled({
      email: '',
      password: '',
      confirmPassword: '',
      userType: 'PRIVATE_USER',
      country: 'NO',
    });

    expect(stepErrors('basic', values, google)).toEqual({});
    expect(stepErrors('basic', values)).toHaveProperty('email');
    expect(formErrors(values, google)).toEqual({ errors: {}, step: undefined });
    expect(formErrors({ ...values, birthDate: '' }, google).step).toBe('basic');

    const form = signUpFormData(values, { ...NO_IMAGES, profileImage: png('me.png') }, google);
    expect(form.get('idToken')).toBe('header.claims.signature');
    expect(form.has('email')).toBe(false);
    expect(form.has('password')).toBe(false);
    expect(form.get('firstName')).toBe('Anna');
    expect(form.get('country')).toBe('NO');
    expect(form.get('profileImage')).toBeInstanceOf(File);
    const apple = signUpFormData(values, NO_IMAGES, { provider: 'apple', token: 'a.b.c' });
    expect(apple.get('identityToken')).toBe('a.b.c');
  });
});
