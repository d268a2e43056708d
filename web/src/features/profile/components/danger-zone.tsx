import type { User } from '@kork/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogOut } from '../../../lib/use-log-out';
import { type RemovalAction, removeUser } from '../api/remove-user';
import { RemoveAccountModal } from './remove-account-modal';
import classes from './settings-section.module.css';

/**
 * Deactivate (notes stay visible under the name, SPEC §4) or delete (everything removed). Either ends
 * every session, so the person is logged out and lands on the feed.
 */
export function DangerZone({ user }: { user: User }) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  const [action, setAction] = useState<RemovalAction>();
  const [lastAction, setLastAction] = useState<RemovalAction>('deactivate');

  const open = (next: RemovalAction) => {
    setAction(next);
    setLastAction(next);
  };

  return (
    <section className={`${classes.section} ${classes.danger}`} aria-labelledby="profile-danger">
      <Title order={2} size="h3" id="profile-danger" className={classes.heading}>
        {t('profile.sections.danger')}
      </Title>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>{t('profile.remove.deactivate.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('profile.remove.deactivate.summary')}
            </Text>
          </div>
          <Button
            variant="outline"
            color="wine.8"
            radius="xl"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => open('deactivate')}
          >
            {t('profile.remove.deactivate.open')}
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>{t('profile.remove.delete.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('profile.remove.delete.summary')}
            </Text>
          </div>
          <Button
            color="wine.8"
            radius="xl"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => open('delete')}
          >
            {t('profile.remove.delete.open')}
          </Button>
        </Group>
      </Stack>
      <RemoveAccountModal
        // The modal keeps its last action while it animates closed.
        action={action ?? lastAction}
        opened={action !== undefined}
        onClose={() => setAction(undefined)}
        onConfirm={async (confirmation) => {
          const chosen = action ?? lastAction;
          await removeUser(user.id, chosen, confirmation);
          setAction(undefined);
          await logOut(t(`profile.remove.${chosen}.done`));
        }}
      />
    </section>
  );
}
