import { Badge, Group, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';

/** The chat is its own chunk: the home's first screen (totals, lists) does not wait for it. */
const AssistantChat = lazy(() => import('../../assistant/assistant-chat'));

/** A chunk that did not arrive (offline, a new release) leaves the card with a message, not a blank page. */
class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The cellar assistant (beta) on the cellar home: its heading and badge at once, the chat when loaded. */
export function AssistantPanel() {
  const { t } = useTranslation();
  return (
    <section className={classes.assistant} aria-labelledby="cellar-assistant-heading">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon size={40} radius="xl" color="cork" variant="light" aria-hidden>
          <IconSparkles size={22} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} id="cellar-assistant-heading" className={classes.noticeTitle}>
          {t('assistant.title')}
        </Title>
        <Badge variant="light" color="cork" radius="sm">
          {t('assistant.beta')}
        </Badge>
      </Group>
      <ChunkBoundary fallback={<Text role="alert">{t('assistant.loadError')}</Text>}>
        <Suspense
          fallback={
            // A status with its name: a bare div may not carry an aria-label (axe: aria-prohibited-attr).
            <Skeleton height={120} radius="lg" role="status" aria-label={t('assistant.loading')} />
          }
        >
          <AssistantChat />
        </Suspense>
      </ChunkBoundary>
    </section>
  );
}
