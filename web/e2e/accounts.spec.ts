import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  API_HEADERS,
  DEMO,
  fillBasicInfo,
  linkIn,
  newestMailTo,
  type Registration,
  TINY_PNG,
  uniqueEmail,
  verifyFromMail,
} from './support/accounts';

const WRONG_PASSWORD = {
  en: 'Password or email you entered is incorrect',
  nb: 'Passordet eller e-postadressen du skrev inn er feil',
};

function stepHeading(page: Page) {
  return page.locator('#registration-step-title');
}

/** A success toast saying exactly `text` (another toast may still be on screen, saying more). */
function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ has: page.getByText(text, { exact: true }) });
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
}

test.describe('accounts', () => {
  test('a restaurant registers in every step, confirms its email, logs out and logs in again', async ({
    page,
  }) => {
    const restaurant: Registration = {
      email: uniqueEmail('restaurant'),
      password: 'Vinstua2024',
      firstName: 'Ola',
      lastName: 'Nordmann',
    };
    await page.goto('/registration');

    // Step 1: basic info, with the strength of the password said as it is typed.
    await expect(stepHeading(page)).toHaveText('Step 1 of 4: Basic info');
    await fillBasicInfo(page, restaurant);
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the account type.
    await expect(stepHeading(page)).toHaveText('Step 2 of 4: Account type');
    await page.getByRole('radio', { name: /^Restaurant/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the place, with a map to place its pin on.
    await expect(stepHeading(page)).toHaveText('Step 3 of 4: Your place');
    await expect(page.getByRole('region', { name: 'Map for placing the pin' })).toBeVisible();
    // The place's name and address are required: the form stays on this step and says so.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(stepHeading(page)).toHaveText('Step 3 of 4: Your place');
    await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
    await page.getByLabel(/^Name of the place/).fill('Vinstua');
    await page.getByLabel(/^Address/).fill('Karl Johans gate 1, Oslo');
    await page.getByLabel(/^Latitude/).fill('59.9127');
    await page.getByLabel(/^Longitude/).fill('10.7461');
    await page.getByLabel(/^About the place/).fill('Natural wines by the glass.');
    await page.getByLabel(/^Booking link/).fill('https://vinstua.example/book');
    await page.getByLabel(/^Organization number/).fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The shared rule holds the form back with its message.
    await expect(page.getByText('Organization number must be 9 digits')).toBeVisible();
    await page.getByLabel(/^Organization number/).fill('923609016');
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(page.getByRole('img', { name: 'Preview of Logo' })).toBeVisible();

    // Going back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: /^Restaurant/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel(/^Name of the place/)).toHaveValue('Vinstua');

    await page.getByRole('button', { name: 'Create account' }).click();

    // Step 4: check your email. Registering does not sign in.
    await expect(stepHeading(page)).toHaveText('Step 4 of 4: Confirm email');
    await expect(
      page.getByRole('main').getByText('Account created. Check your email to verify your address.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();

    await verifyFromMail(page, restaurant.email);
    await expect(toast(page, 'Your email is confirmed. You are logged in.')).toBeVisible();
    // A business gets the cart in the navbar, with no number while the cart is empty.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(toast(page, 'You are logged out.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await logInWithForm(page, restaurant.email, restaurant.password);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(toast(page, 'You are logged in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Ola Nordmann' })).toBeVisible();
  });

  test('a wrong password is answered in English and in Norwegian', async ({ page }) => {
    await page.goto('/sign-in');
    await logInWithForm(page, DEMO.expert.email, 'Wrong1234');
    await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD.en);

    await page.getByRole('button', { name: 'Norsk' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await page.getByLabel(/^E-post/).fill(DEMO.expert.email);
    await page.getByLabel(/^Passord/).fill('Wrong5678');
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD.nb);
  });

  test('an unconfirmed address can ask for the link again from sign-in', async ({ page }) => {
    const person: Registration = {
      email: uniqueEmail('unconfirmed'),
      password: 'Smak2024',
      firstName: 'Kari',
      lastName: 'Vik',
    };
    const signUp = await page.request.post('/api/auth/sign-up', {
      headers: API_HEADERS,
      multipart: {
        email: person.email,
        password: person.password,
        confirmPassword: person.password,
        userType: 'PRIVATE_USER',
        birthDate: '1990-01-01',
        firstName: person.firstName,
        lastName: person.lastName,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);

    await page.goto('/sign-in');
    await logInWithForm(page, person.email, person.password);
    await expect(page.getByRole('alert')).toContainText('Please verify your email address first.');
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(
      toast(page, `If ${person.email} is waiting for confirmation, a new link is on its way.`),
    ).toBeVisible();
  });

  test('a forgotten password is reset from the mailed link, which then works no more', async ({ page }) => {
    const person: Registration = {
      email: uniqueEmail('forgetful'),
      password: 'Gamay2019',
      firstName: 'Per',
      lastName: 'Lie',
    };
    const signUp = await page.request.post('/api/auth/sign-up', {
      headers: API_HEADERS,
      multipart: {
        email: person.email,
        password: person.password,
        confirmPassword: person.password,
        userType: 'PRIVATE_USER',
        birthDate: '1979-11-30',
        firstName: person.firstName,
        lastName: person.lastName,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page has an Email field too: wait for the recovery page before typing.
    await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `If an account exists for ${person.email}` }),
    ).toBeVisible();

    const mail = await newestMailTo(page.request, person.email);
    expect(mail.subject).toBe('Reset your Kork password');
    const resetLink = linkIn(mail, '/password-recovery');
    expect(resetLink).toContain('flow=password-recovery');
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await page.getByLabel(/^New password/).fill('Pinot2025!xyz');
    await expect(page.getByText('Password strength: Very strong')).toBeVisible();
    await page.getByLabel(/^Repeat password/).fill('Pinot2025!xyz');
    await page.getByRole('button', { name: 'Save password' }).click();

    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(toast(page, 'Password changed')).toBeVisible();
    await logInWithForm(page, person.email, 'Pinot2025!xyz');
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('button', { name: 'Account menu for Per Lie' })).toBeVisible();

    await page.goto(resetLink);
    await page.getByLabel(/^New password/).fill('Another2025');
    await page.getByLabel(/^Repeat password/).fill('Another2025');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The link is invalid or has expired');
    await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
  });

  test('a new private user confirms their email and deactivates the account', async ({ page }) => {
    const person: Registration = {
      email: uniqueEmail('private'),
      password: 'Riesling42',
      firstName: 'Anna',
      lastName: 'Berg',
    };
    await page.goto('/registration');
    await fillBasicInfo(page, person);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Private user/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Step 3 of 4: Your profile');
    await page.getByLabel(/^About you/).fill('Riesling, mostly.');
    await page.getByLabel(/^Instagram/).fill('@anna.berg');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(stepHeading(page)).toHaveText('Step 4 of 4: Confirm email');

    await verifyFromMail(page, person.email);
    // A private user has no cart.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true })).toHaveCount(0);

    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Profile and settings' }).click();
    await expect(page.getByRole('heading', { name: 'Profile and settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'About you' })).toHaveValue('Riesling, mostly.');

    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Deactivate account' });
    await expect(modal.getByText('DEACTIVATE', { exact: true })).toBeVisible();
    const confirm = modal.getByRole('button', { name: 'Deactivate account' });
    await expect(confirm).toBeDisabled();
    await modal.getByLabel('Confirmation phrase').fill('DEACTIVATE');
    await confirm.click();

    await expect(page).toHaveURL(/\/feed$/);
    await expect(toast(page, 'Your account is deactivated. You are logged out.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    // Signing in again asks whether to reactivate; "Not now" leaves it deactivated, "Reactivate" opens it.
    await page.goto('/sign-in');
    await logInWithForm(page, person.email, person.password);
    const question = page.getByRole('alertdialog', { name: 'Reactivate your account?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Not now' }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Reactivate your account?' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('button', { name: 'Account menu for Anna Berg' })).toBeVisible();
  });

  test('a person deletes their account: told a mail will follow, signed out, and mailed when it is gone', async ({
    page,
    request,
  }) => {
    const person: Registration = {
      email: uniqueEmail('leaving'),
      password: 'Chablis42',
      firstName: 'Liv',
      lastName: 'Lund',
    };
    await page.goto('/registration');
    await fillBasicInfo(page, person);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Private user/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(stepHeading(page)).toHaveText('Step 4 of 4: Confirm email');
    await verifyFromMail(page, person.email);

    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Profile and settings' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Delete account' });
    await modal.getByLabel('Confirmation phrase').fill('DELETE');
    await modal.getByRole('button', { name: 'Delete account' }).click();

    await expect(page).toHaveURL(/\/feed$/);
    await expect(
      toast(page, 'Your account is being deleted; we will e-mail you when it is done. You are logged out.'),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const mail = await newestMailTo(request, person.email);
    await expect
      .poll(async () => (await newestMailTo(request, person.email)).subject)
      .toBe('Your Kork account is deleted');
    expect(mail.to).toBe(person.email);

    await page.goto('/sign-in');
    await logInWithForm(page, person.email, person.password);
    await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD.en);
  });

  test('profile and settings ask a visitor to sign in first, then open with the saved profile', async ({
    page,
  }) => {
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Fprofile$/);

    await logInWithForm(page, DEMO.restaurant.email, DEMO.restaurant.password);
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your place', level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map for placing the pin' })).toBeVisible();

    const bio = `Open late, ${Date.now()}`;
    await page.getByLabel(/^About the place/).fill(bio);
    const stores = page.getByRole('combobox', { name: 'Favorite stores' });
    await stores.fill('Vinmonopolet Aker Brygge');
    await stores.press('Enter');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, 'Your profile is saved.')).toBeVisible();

    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(toast(page, 'Your picture is saved.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of Profile picture' })).toHaveAttribute(
      'src',
      /^\/img\?url=%2Fusers%2F.+&w=256$/,
    );

    await page.reload();
    await expect(page.getByLabel(/^About the place/)).toHaveValue(bio);
    await expect(page.getByText('Vinmonopolet Aker Brygge')).toBeVisible();
  });
});

for (const [name, path] of [
  ['sign-in', '/sign-in'],
  ['registration step 1', '/registration'],
] as const) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(serious).toEqual([]);
  });
}
