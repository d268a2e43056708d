import { describe, expect, it } from 'vitest';
import {
  ageOn,
  isBusinessUserType,
  isConfirmationPhrase,
  LogInInput,
  passwordStrength,
  SignUpInput,
  SocialSignUpInput,
  UpdateProfileInput,
} from './accounts';
import { MESSAGES, message } from './messages';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const valid = {
  email: 'kari@example.no',
  password: 'Vin2020x',
  confirmPassword: 'Vin2020x',
  userType: 'PRIVATE_USER',
  birthDate: '1990-05-01',
  firstName: 'Kari',
  lastName: 'Nordmann',
};

describe('the password rule and its strength meter', () => {
  it('needs 6 characters with a digit, an uppercase and a lowercase letter', () => {
    expect(
      fieldErrors(SignUpInput.safeParse({ ...valid, password: 'Ab1', confirmPassword: 'Ab1' })),
    ).toMatchObject({
      password: 'passwordRule',
    });
    for (const weak of ['abcdef1', 'ABCDEF1', 'Abcdefg']) {
      expect(
        fieldErrors(SignUpInput.safeParse({ ...valid, password: weak, confirmPassword: weak })).password,
        weak,
      ).toBe('passwordRule');
    }
  });

  it('rates passwords weak, medium, strong and very strong', () => {
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('Abc123')).toBe('medium');
    expect(passwordStrength('Abc1234567')).toBe('strong');
    expect(passwordStrength('Abc123!')).toBe('strong');
    expect(passwordStrength('Abc12345678901!')).toBe('very strong');
  });

  it('says when the two passwords differ', () => {
    expect(fieldErrors(SignUpInput.safeParse({ ...valid, confirmPassword: 'Vin2020y' }))).toEqual({
      confirmPassword: 'passwordsDoNotMatch',
    });
  });
});

describe('who may register', () => {
  it('needs a person of at least 18 on the day', () => {
    const today = new Date('2026-11-22T12:00:00Z');
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
    expect(fieldErrors(SignUpInput.safeParse({ ...valid, birthDate: '2015-01-01' })).birthDate).toBe(
      'tooYoung',
    );
    expect(fieldErrors(SignUpInput.safeParse({ ...valid, birthDate: '1990-02-30' })).birthDate).toBe(
      'invalidDate',
    );
  });

  it('needs a full name and a valid email, and trims and lower-cases the address', () => {
    expect(
      fieldErrors(SignUpInput.safeParse({ ...valid, firstName: '  ', lastName: undefined, email: 'x@' })),
    ).toEqual({
      email: 'invalidEmail',
      firstName: 'required',
      lastName: 'required',
    });
    const parsed = SignUpInput.parse({ ...valid, email: '  Kari@Example.NO ' });
    expect(parsed.email).toBe('kari@example.no');
  });

  it('checks links and the 9-digit organization number', () => {
    expect(
      fieldErrors(
        SignUpInput.safeParse({ ...valid, webUrl: 'javascript:alert(1)', organizationNumber: '12345' }),
      ),
    ).toEqual({ webUrl: 'invalidLink', organizationNumber: 'invalidOrganizationNumber' });
    expect(
      SignUpInput.safeParse({ ...valid, webUrl: 'https://kork.no', organizationNumber: '987654321' }).success,
    ).toBe(true);
  });

  it('asks a business with a tasting location for its name and address; importers and private users not', () => {
    const restaurant = { ...valid, userType: 'RESTAURANT' };
    expect(fieldErrors(SignUpInput.safeParse(restaurant))).toEqual({
      tastingLocationName: 'required',
      tastingLocationAddress: 'required',
    });
    expect(
      fieldErrors(
        SignUpInput.safeParse({ ...restaurant, tastingLocationName: '  ', tastingLocationAddress: 'x' }),
      ),
    ).toEqual({ tastingLocationName: 'required' });
    expect(
      SignUpInput.safeParse({
        ...restaurant,
        tastingLocationName: 'Fjord Bistro',
        tastingLocationAddress: 'Strandkaien 1, Bergen',
      }).success,
    ).toBe(true);
    expect(SignUpInput.safeParse({ ...valid, userType: 'WINE_IMPORTER' }).success).toBe(true);
    expect(SocialSignUpInput.safeParse({ ...valid, userType: 'HOTEL' }).success).toBe(false);
  });

  it('takes a yes to "Reactivate your account?" with a sign-in, and nothing but a yes or no', () => {
    const login = { email: 'kari@example.no', password: 'x' };
    expect(LogInInput.parse({ ...login, reactivate: true }).reactivate).toBe(true);
    expect(LogInInput.safeParse({ ...login, reactivate: 'yes' }).success).toBe(false);
  });

  it('counts every type but private users as a business', () => {
    expect(isBusinessUserType('PRIVATE_USER')).toBe(false);
    expect(isBusinessUserType('WINE_IMPORTER')).toBe(true);
  });
});

describe('messages in both languages', () => {
  it('words the log-in failure as the specification does', () => {
    expect(message('loginFailed', 'en')).toBe('Password or email you entered is incorrect');
    expect(message('loginFailed', 'nb')).toBe('Passordet eller e-postadressen du skrev inn er feil');
    expect(message('appleLoginFailed', 'en')).toBe(
      'We are having trouble logging you in with your AppleID, please try again',
    );
  });

  it('has every message in English and Norwegian, different where the words differ', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      expect(texts.en.length, key).toBeGreaterThan(0);
      expect(texts.nb.length, key).toBeGreaterThan(0);
    }
    expect(message('required', 'nb')).toBe('Påkrevd');
  });

  it('uses message keys for every schema error', () => {
    const issues = [
      ...(SignUpInput.safeParse({}).error?.issues ?? []),
      ...(LogInInput.safeParse({ email: 1 }).error?.issues ?? []),
      ...(UpdateProfileInput.safeParse({ password: 'Vin2020x' }).error?.issues ?? []),
    ];
    for (const issue of issues) expect(Object.keys(MESSAGES), issue.message).toContain(issue.message);
  });
});

describe('confirmation phrases', () => {
  it('accepts the phrase of either language, in any case, and nothing else', () => {
    expect(isConfirmationPhrase('delete', 'delete')).toBe(true);
    expect(isConfirmationPhrase('delete', 'SLETT')).toBe(true);
    expect(isConfirmationPhrase('delete', 'DEAKTIVER')).toBe(false);
    expect(isConfirmationPhrase('deactivate', 'DEACTIVATE')).toBe(true);
  });
});
