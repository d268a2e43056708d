import { Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { addWantToTry, removeWantToTry, wantToTryKeys, wantToTryQuery } from '../api/want-to-try';

interface WantToTryButtonProps {
  wineId: string;
  viewerId: string | undefined;
  anonymous: boolean;
}

function Toggle({ wineId, viewerId }: { wineId: string; viewerId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery(wantToTryQuery(viewerId));
  const onList = list.data?.rows.some((row) => row.wineId === wineId) ?? false;
  const toggle = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) await addWantToTry(viewerId, wineId);
      else await removeWantToTry(viewerId, wineId);
    },
    onSuccess: async (_, add) => {
      notify.success(add ? t('wineLover.wantToTry.added') : t('wineLover.wantToTry.removed'));
      await client.invalidateQueries({ queryKey: wantToTryKeys.list(viewerId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const Icon = onList ? IconBookmarkFilled : IconBookmark;
  return (
    <Button
      variant={onList ? 'filled' : 'light'}
      radius="xl"
      leftSection={<Icon size={16} aria-hidden />}
      aria-pressed={onList}
      loading={toggle.isPending || list.isPending}
      onClick={() => toggle.mutate(!onList)}
    >
      {onList ? t('wineLover.wantToTry.onList') : t('wineLover.wantToTry.add')}
    </Button>
  );
}

/** "Want to try" on a wine's page: on or off the person's list with one tap; a visitor is sent to sign in. */
export function WantToTryButton({ wineId, viewerId, anonymous }: WantToTryButtonProps) {
  const { t } = useTranslation();
  if (!viewerId) {
    if (!anonymous) return null;
    return (
      <Button
        component={Link}
        to={`/sign-in?redirect=/wines/${encodeURIComponent(wineId)}`}
        variant="light"
        radius="xl"
        leftSection={<IconBookmark size={16} aria-hidden />}
        title={t('wineLover.wantToTry.signIn')}
      >
        {t('wineLover.wantToTry.add')}
      </Button>
    );
  }
  return (
    <QueryProvider>
      <Toggle wineId={wineId} viewerId={viewerId} />
    </QueryProvider>
  );
}
