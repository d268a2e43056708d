import type { WineEvent } from '@kork/shared';
import { Button, Group } from '@mantine/core';
import { IconLink, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { absoluteUrl, copyLink, shareLink } from '../../../lib/clipboard';
import { notify } from '../../../lib/notify';
import { deleteEvent, eventKeys } from '../api/events';
import { eventPath } from '../event-text';
import { LazyEventEditorDialog } from '../lazy-editor';

/** Share and copy the event's link; for its organiser (or an admin), edit and delete. */
export function EventActions({ event }: { event: WineEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editorLoaded, setEditorLoaded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const url = absoluteUrl(eventPath(event.id));

  const removal = useMutation({
    mutationFn: () => deleteEvent(event.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: eventKeys.event(event.id) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });

  const copy = () => copyLink(url, t('wineEvents.profile.linkCopied'));
  const share = () => shareLink(url, event.name, t('wineEvents.profile.linkCopied'));

  return (
    <>
      <Group gap="xs">
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconShare size={16} aria-hidden />}
          onClick={() => void share()}
        >
          {t('wineEvents.profile.share')}
        </Button>
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => void copy()}
        >
          {t('wineEvents.profile.copyLink')}
        </Button>
        {event.canEdit && (
          <>
            <Button
              radius="xl"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => {
                setEditorLoaded(true);
                setEditing(true);
              }}
            >
              {t('wineEvents.profile.edit')}
            </Button>
            <Button
              variant="subtle"
              color="wine.8"
              radius="xl"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('wineEvents.profile.delete')}
            </Button>
          </>
        )}
      </Group>
      {event.canEdit && (
        <ConfirmModal
          opened={deleting}
          onClose={() => setDeleting(false)}
          title={t('wineEvents.profile.deleteTitle')}
          confirmLabel={t('wineEvents.profile.deleteConfirm')}
          onConfirm={async () => {
            await removal.mutateAsync();
            setDeleting(false);
            notify.success(t('wineEvents.profile.deleted', { name: event.name }));
            navigate('/events');
          }}
        >
          {t('wineEvents.profile.deleteText', { name: event.name })}
        </ConfirmModal>
      )}
      {editorLoaded && (
        <Suspense fallback={null}>
          <LazyEventEditorDialog
            opened={editing}
            onClose={() => setEditing(false)}
            event={event}
            onSaved={() => {
              setEditing(false);
              void queryClient.invalidateQueries({ queryKey: eventKeys.all });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
