import { Button, Group } from '@mantine/core';
import { IconCode, IconLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { absoluteUrl, copyLink } from '../../../lib/clipboard';
import { notify } from '../../../lib/notify';
import { winePath } from '../../../lib/wine-text';
import { deleteWine } from '../api/delete-wine';
import { EmbedDialog } from './embed-dialog';
import { ShareMenu } from './share-menu';

interface WineActionsProps {
  wine: { id: string; name: string };
  /** Admins may take the wine out of the catalogue. */
  canDelete: boolean;
}

/** Share, copy the link, embed on another site; for admins, delete. */
export function WineActions({ wine, canDelete }: WineActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [embedding, setEmbedding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const url = absoluteUrl(winePath(wine.id));

  const copy = () => copyLink(url, t('wine.actions.linkCopied'));

  return (
    <>
      <Group gap="xs">
        <ShareMenu url={url} title={wine.name} copiedText={t('wine.actions.linkCopied')} />
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => void copy()}
        >
          {t('wine.actions.copyLink')}
        </Button>
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconCode size={16} aria-hidden />}
          onClick={() => setEmbedding(true)}
        >
          {t('wine.actions.embed')}
        </Button>
        {canDelete && (
          <Button
            variant="subtle"
            color="wine.8"
            radius="xl"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('wine.actions.delete')}
          </Button>
        )}
      </Group>
      <EmbedDialog opened={embedding} onClose={() => setEmbedding(false)} wine={wine} />
      {canDelete && (
        <ConfirmModal
          opened={deleting}
          onClose={() => setDeleting(false)}
          title={t('wine.delete.title')}
          confirmLabel={t('wine.delete.confirm')}
          onConfirm={async () => {
            await deleteWine(wine.id);
            setDeleting(false);
            notify.success(t('wine.delete.done', { name: wine.name }));
            navigate('/feed');
          }}
        >
          {t('wine.delete.text', { name: wine.name })}
        </ConfirmModal>
      )}
    </>
  );
}
