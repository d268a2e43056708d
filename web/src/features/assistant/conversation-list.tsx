import type { AssistantConversationSummary } from '@kork/shared';
import { ActionIcon, Loader, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { conversationsQuery, useDeleteConversation } from './api/assistant-queries';
import classes from './assistant.module.css';

/** The person's last conversations (newest first): each opens again, or is deleted after a confirmation. */
export function ConversationList({
  onOpen,
  onDeleted,
}: {
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const conversations = useQuery(conversationsQuery());
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<AssistantConversationSummary>();
  const locale = currentLocale();

  if (conversations.isPending) return <Loader size="sm" aria-label={t('assistant.earlier')} />;
  if (conversations.isError)
    return (
      <Text size="sm" role="alert">
        {t('assistant.earlierError')}
      </Text>
    );
  const rows = conversations.data.rows;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('assistant.noEarlier')}
      </Text>
    );

  return (
    <>
      <ul className={classes.earlier} aria-label={t('assistant.earlier')}>
        {rows.map((conversation) => (
          <li key={conversation.id} className={classes.earlierItem}>
            <button type="button" className={classes.earlierOpen} onClick={() => onOpen(conversation.id)}>
              <Text size="sm" fw={600} component="span" className={classes.earlierTitle}>
                {conversation.title}
              </Text>
              <Text size="xs" c="dimmed" component="span">
                {formatDay(conversation.updatedAt, locale)} ·{' '}
                {t('assistant.messages', { count: conversation.messageCount })}
              </Text>
            </button>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('assistant.delete', { title: conversation.title })}
              onClick={() => setDeleting(conversation)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </li>
        ))}
      </ul>
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('assistant.deleteTitle')}
        confirmLabel={t('assistant.deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          onDeleted(deleting.id);
          setDeleting(undefined);
        }}
      >
        {t('assistant.deleteText', { title: deleting?.title ?? '' })}
      </ConfirmModal>
    </>
  );
}
