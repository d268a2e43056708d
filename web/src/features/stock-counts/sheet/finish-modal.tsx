import type { StockCountSheet } from '@kork/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { useFinishStockCount, useStockCounts } from '../api/stock-counts';
import type { CountQueue } from '../queue/use-count-queue';

/** Finishing: says whether the count will set the inventory or only make its report, then shows what it did. */
export function FinishModal({
  opened,
  onClose,
  userId,
  sheet,
  queue,
  refused,
}: {
  opened: boolean;
  onClose: () => void;
  userId: string;
  sheet: StockCountSheet;
  queue: CountQueue;
  /** Lines whose field shows a figure that was refused: finishing waits until they are put right. */
  refused: number;
}) {
  const { t } = useTranslation();
  const finish = useFinishStockCount(userId, sheet.id);
  const counts = useStockCounts(userId);
  const later = (counts.data?.rows ?? []).some(
    (count) => count.id !== sheet.id && count.status === 'finished' && count.asOf > sheet.asOf,
  );
  const waiting = queue.queued.length > 0;
  const blocked = !queue.online || waiting || refused > 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('stockCounts.sheet.finishTitle')} centered>
      <Stack gap="sm">
        <Text>{later ? t('stockCounts.sheet.finishReportOnly') : t('stockCounts.sheet.finishApplies')}</Text>
        {sheet.summary.uncounted > 0 && (
          <Text size="sm">{t('stockCounts.sheet.finishUncounted', { count: sheet.summary.uncounted })}</Text>
        )}
        {!queue.online && (
          <Alert color="red" variant="light">
            {t('stockCounts.sheet.finishOffline')}
          </Alert>
        )}
        {refused > 0 && (
          <Alert color="red" variant="light">
            {t('stockCounts.sheet.finishInvalid', { count: refused })}
          </Alert>
        )}
        {queue.online && waiting && (
          <Alert color="yellow" variant="light">
            {t('stockCounts.sheet.finishWaiting')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={onClose}>
            {t('stockCounts.cancel')}
          </Button>
          <Button
            radius="xl"
            disabled={blocked}
            loading={finish.isPending || (queue.syncing && waiting)}
            onClick={() =>
              finish.mutate(undefined, {
                onSuccess: (count) => {
                  notify.success(
                    count?.outcome === 'reportOnly'
                      ? t('stockCounts.sheet.finishedReportOnly')
                      : t('stockCounts.sheet.finishedApplied'),
                  );
                  onClose();
                },
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            {t('stockCounts.sheet.finishConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
