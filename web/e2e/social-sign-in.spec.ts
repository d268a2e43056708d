import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, uniqueEmail } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';

/** A toast saying exactly `text` (another toast may still be on screen, saying more). */
function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ has: page.getByText(text, { exact: true }) });
}

/**
 * Presses a provider's button and signs in on the local emulator's page as `person`, in the window it
 * opens; or cancels there.
 */
async function throughEmulator(
  page: Page,
  button: string | RegExp,
  provider: 'Google' | 'Apple',
  person: { email: string; givenName?: string; familyName?: string } | 'cancel',
) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await opened;
  const closed = popup.waitForEvent('close');
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
    `Local sign-in emulator — not ${provider}`,
  );
  // Either button closes the window, which can happen before the click has reported back: a click
  // whose window is gone by then did its work.
  const clickClosing = (name: string) =>
    popup
      .getByRole('button', { name })
      .click({ noWaitAfter: true })
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
  if (person === 'cancel') {
    await clickClosing('Cancel');
  } else {
    await popup.getByLabel('Email').fill(person.email);
    await popup.getByLabel('Given name').fill(person.givenName ?? '');
    await popup.getByLabel('Family name').fill(person.familyName ?? '');
    await clickClosing('Sign in as this person');
  }
  await closed;
}

test.describe('Google and Apple sign-in on the local emulator', () => {
  test('a new person registers with Google, logs out and signs in with Google again', async ({ page }) => {
    const person = { email: uniqueEmail('google'), givenName: 'Ingrid', familyName: 'Berg' };
    await page.goto('/registration');

    await throughEmulator(page, 'Continue with Google', 'Google', person);
    // Google gave the address: no email or password to type, the name already filled in.
    await expect(
      page.getByText(`Your Kork account will use ${person.email}, confirmed by Google.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveCount(0);
    await expect(page.getByLabel(/^First name/)).toHaveValue('Ingrid');
    await expect(page.locator('#registration-step-title')).toHaveText('Step 1 of 3: Basic info');
    await page.getByLabel(/^Date of birth/).fill('1986-09-23');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Private user/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#registration-step-title')).toHaveText('Step 3 of 3: Your profile');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Created and signed in at once: the provider vouched for the address.
    await expect(toast(page, 'Account created. Welcome to Kork!')).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
    await page.getByRole('button', { name: 'Account menu for Ingrid Berg' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(toast(page, 'You are logged out.')).toBeVisible();

    await page.goto('/sign-in');
    await throughEmulator(page, 'Continue with Google', 'Google', { email: person.email });
    await expect(page).toHaveURL(/\/feed$/);
    await expect(toast(page, 'You are logged in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Ingrid Berg' })).toBeVisible();
  });

  test('on a phone in Norwegian, a cancelled Apple window says so, and Apple then signs in', async ({
    page,
  }) => {
    // Someone who registered with Apple before (through the API, with a token from the same emulator).
    const email = uniqueEmail('apple');
    const issued = await page.request.post('/_dev/oidc/token', { data: { provider: 'apple', email } });
    const { id_token } = (await issued.json()) as { id_token: string };
    const created = await page.request.post('/api/auth/sign-up/apple', {
      headers: API_HEADERS,
      multipart: {
        identityToken: id_token,
        userType: 'PRIVATE_USER',
        birthDate: '1979-02-11',
        firstName: 'Lars',
        lastName: 'Haugen',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Norsk' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await expectNoSidewaysScroll(page, 'the sign-in page at 390 px in Norwegian');

    await throughEmulator(page, 'Fortsett med Apple', 'Apple', 'cancel');
    await expect(page.getByRole('alert')).toHaveText(
      'Vi har problemer med å logge deg inn med Apple-ID-en din, vennligst prøv igjen',
    );

    await throughEmulator(page, 'Fortsett med Apple', 'Apple', { email });
    await expect(page).toHaveURL(/\/feed$/);
    await expect(toast(page, 'Du er logget inn.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the feed after signing in with Apple at 390 px');
  });
});
