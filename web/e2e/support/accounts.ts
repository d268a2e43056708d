import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The local stack's web API key and demo accounts (seeded on its first start). */
export const API_HEADERS = { 'x-api-key': 'kork-local-web', 'x-device-type': 'web' };
export const DEMO = {
  private: { email: 'private@kork.local', password: 'Private1234' },
  expert: { email: 'expert@kork.local', password: 'Expert1234' },
  restaurant: { email: 'restaurant@kork.local', password: 'Restaurant1' },
  admin: { email: 'admin@kork.local', password: 'Admin1234' },
  importer: { email: 'importer@kork.local', password: 'Importer1' },
} as const;

/** A 1×1 PNG: the API checks uploads by their bytes, so a picture must be a real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh address per run, so a journey never meets an account an earlier run left behind. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `email` in the local outbox (`GET /_dev/mail`, newest first), waiting for it to arrive. */
export async function newestMailTo(request: APIRequestContext, email: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const entries = (await (await request.get('/_dev/mail')).json()) as OutboxEntry[];
        found = entries.find((entry) => entry.to === email);
        return found !== undefined;
      },
      { message: `a mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxEntry;
}

/** The link of a mail, as a path of this app (the mail names the stack's own origin). */
export function linkIn(mail: OutboxEntry, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?\\S+`));
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** Signs in through the API and leaves the token where the web app keeps it. */
export async function signInByApi(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/log-in', { headers: API_HEADERS, data: account });
  expect(response.status(), await response.text()).toBe(200);
  const { payload } = (await response.json()) as { payload: { access_token: string } };
  await page
    .context()
    .addCookies([{ name: 'KORK_TOKEN', value: payload.access_token, url: 'http://localhost:3100' }]);
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Step 1 of registration: the basic info. */
export async function fillBasicInfo(page: Page, person: Registration): Promise<void> {
  await page.getByRole('textbox', { name: /^Email/ }).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel(/^Repeat password/).fill(person.password);
  await page.getByLabel(/^First name/).fill(person.firstName);
  await page.getByLabel(/^Last name/).fill(person.lastName);
  await page.getByLabel(/^Date of birth/).fill('1985-04-12');
}

/** Opens the verification link of the newest mail and checks it signed the person in. */
export async function verifyFromMail(page: Page, email: string): Promise<void> {
  const mail = await newestMailTo(page.request, email);
  await page.goto(linkIn(mail, '/password-recovery'));
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}
