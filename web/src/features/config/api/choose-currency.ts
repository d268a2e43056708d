import type { CurrencyCode, User } from '@kork/shared';
import { api } from '../../../lib/api-client';
import { setCurrency } from '../../../lib/currency';
import { updateViewer, viewerReady } from '../../../lib/session';

/**
 * The one way a person chooses the currency amounts are shown in (the navbar's menu and the profile's
 * field are the same control): remembered on this device at once (cookie, sent as `X-Currency`), and
 * for a signed-in person saved on the account as `viewCurrency`, so the next sign-in, on any device,
 * shows the same currency. Rejects when the account could not be updated; the device keeps the choice.
 */
export async function chooseCurrency(code: CurrencyCode): Promise<void> {
  setCurrency(code);
  // A choice made while the page still asks who is signed in is saved once that is known.
  const user = await viewerReady();
  if (!user || user.viewCurrency === code) return;
  const saved = await api.patch<User>(`/users/${encodeURIComponent(user.id)}`, {
    body: { viewCurrency: code },
  });
  updateViewer(saved);
}
