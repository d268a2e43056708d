import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from './notify';
import { endSession } from './session';

/**
 * Signs out and lands on the feed with a toast (SPEC §4: logout goes to /feed). The navigation comes
 * first, so a page that needs a signed-in person is left before it sees the session end.
 */
export function useLogOut(): (message?: string) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    async (message?: string) => {
      await navigate('/feed');
      endSession();
      notify.success(message ?? t('session.loggedOut'));
    },
    [navigate, t],
  );
}
