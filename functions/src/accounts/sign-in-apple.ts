import { AppleSignInInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { signInWithProvider } from './registration-service';
import { verifyProviderToken } from './social-tokens';

export const handler = httpRoute('POST /api/auth/sign-in/apple', { body: AppleSignInInput }, async (req) => {
  const identity = await verifyProviderToken('apple', req.body.identityToken);
  // Apple sends the name only on the first sign-in, beside the token.
  return {
    payload: await signInWithProvider(
      {
        ...identity,
        givenName: identity.givenName ?? req.body.givenName,
        familyName: identity.familyName ?? req.body.familyName,
      },
      { reactivate: req.body.reactivate === true },
    ),
  };
});
