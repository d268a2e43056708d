import { api } from '../../../lib/api-client';

export interface SignUpAnswer {
  email: string;
  verificationRequired: true;
}

/**
 * `POST /api/auth/sign-up` (multipart: the profile fields and up to three pictures). It does not sign
 * in: the person confirms their address first (SPEC §4). An address that already has an account gets
 * the same answer (its owner is mailed instead), so the person is told to check their mail either way.
 */
export function signUp(form: FormData): Promise<SignUpAnswer> {
  return api.post<SignUpAnswer>('/auth/sign-up', { body: form });
}
