import { GoogleSignInInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { signInWithProvider } from './registration-service';
import { verifyProviderToken } from './social-tokens';

export const handler = httpRoute(
  'POST /api/auth/sign-in/google',
  { body: GoogleSignInInput },
  async (req) => ({
    payload: await signInWithProvider(await verifyProviderToken('google', req.body.idToken), {
      reactivate: req.body.reactivate === true,
    }),
  }),
);
