import { type LoginResult, resolveCurrency } from '@kork/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setCurrency } from '../../lib/currency';
import { notify } from '../../lib/notify';
import { startSession } from '../../lib/session';
import { afterLoginPath } from './redirect';

/**
 * What every way of signing in ends with (password, verification link, Google, Apple): the session
 * starts, prices switch to the person's own currency (chosen on any device), a "logged in" toast, and
 * the person goes where SPEC §4 says.
 */
export function useCompleteLogin(): (result: LoginResult, message?: string) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return useCallback(
    (result: LoginResult, message?: string) => {
      startSession(result);
      setCurrency(resolveCurrency(result.user.viewCurrency));
      notify.success(message ?? t('session.loggedIn'));
      navigate(afterLoginPath(result.redirect_uri, search), { replace: true });
    },
    [navigate, search, t],
  );
}
