import { SocialSignUpInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { parseWith } from '../platform/validation';
import { imageFiles } from './form-files';
import { signUpWithProvider } from './registration-service';
import { verifyProviderToken } from './social-tokens';

export const handler = httpRoute(
  'POST /api/auth/sign-up/apple',
  { fields: SocialSignUpInput, multipart: multipartBody() },
  async (req) => {
    const { fields, files } = imageFiles(req.body);
    const identity = await verifyProviderToken('apple', String(fields.identityToken ?? ''));
    // The name the provider gave stands in for one the form left out.
    const input = parseWith(SocialSignUpInput, {
      ...fields,
      firstName: fields.firstName || identity.givenName,
      lastName: fields.lastName || identity.familyName,
    });
    return { status: 201, payload: await signUpWithProvider(identity, input, files) };
  },
);
