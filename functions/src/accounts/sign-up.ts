import { SignUpInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { parseWith } from '../platform/validation';
import { imageFiles } from './form-files';
import { signUp } from './registration-service';

export const handler = httpRoute(
  'POST /api/auth/sign-up',
  { fields: SignUpInput, multipart: multipartBody() },
  async (req) => {
    const { fields, files } = imageFiles(req.body);
    const input = parseWith(SignUpInput, fields);
    return { status: 201, payload: await signUp(input, files, req.locale) };
  },
);
