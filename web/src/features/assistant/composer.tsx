import { ASSISTANT_LIMITS } from '@kork/shared';
import { ActionIcon, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatCount } from '../../lib/format-number';
import classes from './assistant.module.css';

const MAX = ASSISTANT_LIMITS.messageMaxLength;
/** The counter shows once a question is this close to the limit. */
const COUNTER_FROM = Math.floor(MAX * 0.8);

/** The question box: Enter sends, Shift+Enter starts a new line; nothing is sent while an answer comes. */
export function Composer({ answering, onSend }: { answering: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const hintId = useId();
  const counterId = useId();
  const locale = currentLocale();
  const canSend = !answering && text.trim().length > 0;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const near = text.length >= COUNTER_FROM;
  return (
    <form onSubmit={send}>
      <div className={classes.composer}>
        <Textarea
          className={classes.composerField}
          label={t('assistant.composer.label')}
          placeholder={t('assistant.composer.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX}
          autosize
          minRows={1}
          maxRows={6}
          radius="lg"
          aria-describedby={near ? `${hintId} ${counterId}` : hintId}
        />
        <ActionIcon
          type="submit"
          size={42}
          radius="xl"
          color="wine.8"
          variant="filled"
          disabled={!canSend}
          aria-label={t('assistant.composer.send')}
        >
          <IconSend size={20} aria-hidden />
        </ActionIcon>
      </div>
      <Text size="xs" c="dimmed" id={hintId} mt={4}>
        {t('assistant.composer.hint')}
      </Text>
      {near && (
        <Text
          size="xs"
          id={counterId}
          className={classes.counter}
          c={text.length >= MAX ? 'wine.8' : 'dimmed'}
        >
          {t('assistant.composer.counter', {
            used: formatCount(text.length, locale),
            max: formatCount(MAX, locale),
          })}
        </Text>
      )}
    </form>
  );
}
