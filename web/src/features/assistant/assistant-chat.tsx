import { Alert, Badge, Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconHistory, IconMessagePlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../lib/query-client';
import { useBusinessCellar } from '../cellar/cellar-menu';
import classes from './assistant.module.css';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { AnswerMarkdown } from './markdown';
import { ProposalCard } from './proposal-card';
import { type ChatMessage, useAssistantChat } from './use-assistant-chat';

/**
 * The cellar assistant's chat (SPEC §1, §2 /wine-cellar/home): questions and streamed answers, the
 * questions that fit the account, earlier conversations, and proposals to confirm. Its own chunk: the
 * cellar home loads it after its first screen.
 */
export default function AssistantChat() {
  return (
    <QueryProvider>
      <Chat />
    </QueryProvider>
  );
}

const BUSINESS_SUGGESTIONS = ['lowStock', 'reorder', 'earnLeast', 'worth'] as const;
const PRIVATE_SUGGESTIONS = ['drinkNow', 'lamb', 'worth'] as const;

function Chat() {
  const { t } = useTranslation();
  const chat = useAssistantChat();
  const business = useBusinessCellar() === true;
  const [showEarlier, setShowEarlier] = useState(false);
  const [openError, setOpenError] = useState(false);
  const list = useRef<HTMLElement>(null);

  // The newest message stays in sight while it is written, unless the person scrolled up to read.
  const last = chat.messages.at(-1);
  // An answer's proposals show once it is complete: that grows the list too.
  const written = `${chat.messages.length}:${last?.text.length ?? 0}:${chat.answering}`;
  const stick = useRef(true);
  useEffect(() => {
    void written;
    const box = list.current;
    if (box && stick.current) box.scrollTop = box.scrollHeight;
  }, [written]);

  const open = (id: string) => {
    setOpenError(false);
    setShowEarlier(false);
    chat.open(id).catch(() => setOpenError(true));
  };

  const suggestions = business ? BUSINESS_SUGGESTIONS : PRIVATE_SUGGESTIONS;
  const empty = chat.messages.length === 0 && !chat.opening;

  return (
    <div className={classes.chat}>
      <div className={classes.toolbar}>
        <Button
          variant="subtle"
          radius="xl"
          size="compact-md"
          leftSection={<IconHistory size={18} aria-hidden />}
          aria-expanded={showEarlier}
          onClick={() => setShowEarlier((shown) => !shown)}
        >
          {showEarlier ? t('assistant.hideEarlier') : t('assistant.earlier')}
        </Button>
        <Button
          variant="light"
          radius="xl"
          size="compact-md"
          leftSection={<IconMessagePlus size={18} aria-hidden />}
          onClick={() => {
            setOpenError(false);
            chat.startNew();
          }}
        >
          {t('assistant.newConversation')}
        </Button>
      </div>

      {showEarlier && (
        <ConversationList
          onOpen={open}
          onDeleted={(id) => {
            if (id === chat.conversationId) chat.startNew();
          }}
        />
      )}
      {openError && (
        <Text size="sm" role="alert">
          {t('assistant.openError')}
        </Text>
      )}
      {chat.opening && <Loader size="sm" aria-label={t('assistant.loading')} />}

      {empty && (
        <div>
          <Text size="sm" mb={8}>
            {t('assistant.intro')}
          </Text>
          <Text size="xs" c="dimmed" fw={600} mb={6}>
            {t('assistant.suggestionsTitle')}
          </Text>
          <div className={classes.suggestions}>
            {suggestions.map((key) => (
              <Button
                key={key}
                variant="default"
                radius="xl"
                size="sm"
                className={classes.suggestion}
                disabled={chat.answering}
                onClick={() => void chat.ask(t(`assistant.suggestions.${key}`))}
              >
                {t(`assistant.suggestions.${key}`)}
              </Button>
            ))}
          </div>
        </div>
      )}

      {chat.messages.length > 0 && (
        <section
          ref={list}
          className={classes.messages}
          aria-label={t('assistant.conversation')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
          tabIndex={0}
          data-testid="assistant-messages"
          onScroll={(event) => {
            const box = event.currentTarget;
            stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
          }}
        >
          {chat.messages.map((message) => (
            <MessageView
              key={message.key}
              message={message}
              writing={chat.answering && message === last}
              confirmed={chat.confirmed}
              onConfirmed={chat.markConfirmed}
            />
          ))}
        </section>
      )}

      {chat.answering && (
        <Text size="sm" c="dimmed" role="status" className={classes.status}>
          <Loader size="xs" aria-hidden />
          {chat.tool
            ? t('assistant.lookingAt', { tool: t(`assistant.tools.${chat.tool}`) })
            : t('assistant.thinking')}
        </Text>
      )}

      {chat.failure && !chat.answering && (
        <Alert color="wine" variant="light" role="alert" data-testid="assistant-failure">
          <Text size="sm" mb={8}>
            {chat.failure.message ?? t('assistant.failure')}
          </Text>
          <Button size="xs" radius="xl" color="wine.8" onClick={chat.retry}>
            {t('assistant.retry')}
          </Button>
        </Alert>
      )}

      <Composer answering={chat.answering} onSend={(text) => void chat.ask(text)} />
    </div>
  );
}

function MessageView({
  message,
  writing,
  confirmed,
  onConfirmed,
}: {
  message: ChatMessage;
  writing: boolean;
  confirmed: ReadonlySet<string>;
  onConfirmed: (proposalId: string) => void;
}) {
  const { t } = useTranslation();
  if (message.role === 'user') {
    return (
      <div className={`${classes.message} ${classes.question}`} data-testid="assistant-question">
        <VisuallyHidden>{t('assistant.you')}: </VisuallyHidden>
        {message.text}
      </div>
    );
  }
  return (
    <div
      className={`${classes.message} ${classes.reply}`}
      data-testid="assistant-answer"
      aria-busy={writing || undefined}
      data-cut-off={message.cutOff || undefined}
    >
      <VisuallyHidden>{t('assistant.answer')}: </VisuallyHidden>
      <AnswerMarkdown text={message.text} tableLabel={t('assistant.table')} />
      {!writing &&
        message.proposals.map((proposal) => (
          <ProposalCard
            key={proposal.id}
            proposal={proposal}
            confirmed={confirmed.has(proposal.id)}
            onConfirmed={onConfirmed}
          />
        ))}
      {message.cutOff && (
        <Badge color="wine" variant="light" radius="sm" className={classes.cutOff}>
          {t('assistant.cutOff')}
        </Badge>
      )}
    </div>
  );
}
