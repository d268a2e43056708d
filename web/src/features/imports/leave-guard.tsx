import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { cancelImport } from './api/imports';

/**
 * Cancels left behind after an unmount, keyed by job: React's development double mount unmounts and
 * mounts again at once, and the second mount takes the cancel back before it goes.
 */
const pendingCancels = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Leaving the screen cancels an unfinished import (SPEC §4). Going to another page in the app asks first
 * ("Leave and cancel" cancels, then goes; "Stay" stays); the page going away any other way with the job
 * still open cancels it without asking. Closing or reloading the tab cancels nothing: the job's address
 * brings it back.
 */
export function LeaveGuard({ userId, openJobId }: { userId: string; openJobId: string | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  /** The last job seen and whether it was still open: an unmount cancels only an open one. */
  const latest = useRef<{ id?: string; open: boolean; cancelled?: string }>({ open: false });
  latest.current = { ...latest.current, id: openJobId ?? latest.current.id, open: openJobId !== undefined };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      openJobId !== undefined && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!openJobId) return;
    const pending = pendingCancels.get(openJobId);
    if (pending) {
      clearTimeout(pending);
      pendingCancels.delete(openJobId);
    }
    return () => {
      const now = latest.current;
      // The job finished (or another one took its place, which only a finished job allows).
      if (now.id === openJobId && !now.open) return;
      if (now.cancelled === openJobId) return;
      pendingCancels.set(
        openJobId,
        setTimeout(() => {
          pendingCancels.delete(openJobId);
          cancelImport(userId, openJobId).catch(() => undefined);
        }, 0),
      );
    };
  }, [userId, openJobId]);

  async function leave() {
    if (blocker.state !== 'blocked') return;
    setBusy(true);
    const id = openJobId;
    try {
      if (id) {
        await cancelImport(userId, id);
        latest.current.cancelled = id;
      }
    } catch {
      // The unmount tries once more; leaving is what the person asked for.
    } finally {
      setBusy(false);
      blocker.proceed();
    }
  }

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('importsPage.leave.title')}
      centered
      // "Stay" and Escape close it; a second control named "Stay" would only repeat the first.
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text size="sm">{t('importsPage.leave.text')}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            radius="xl"
            onClick={() => blocker.reset?.()}
            disabled={busy}
            data-autofocus
          >
            {t('importsPage.leave.stay')}
          </Button>
          <Button color="wine.8" radius="xl" loading={busy} onClick={() => void leave()}>
            {t('importsPage.leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
