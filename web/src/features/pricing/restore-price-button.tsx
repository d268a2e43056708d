import { type HistoryEntry, isAppliedPriceEntry, isRestoredPriceEntry } from '@kork/shared';
import { Button, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { useRestoreAppliedPrice } from './api/pricing';

/**
 * On a price history entry an apply wrote: which rule set it was, and "Restore the price before this
 * apply" — a new price change (the apply itself stays written); on a restore's entry, that it was one.
 * Nothing for other entries.
 */
export function RestorePriceAction({
  userId,
  entry,
  onRestored,
}: {
  userId: string;
  entry: HistoryEntry;
  onRestored?: () => void;
}) {
  const { t } = useTranslation();
  const restore = useRestoreAppliedPrice(userId);
  if (isRestoredPriceEntry(entry))
    return (
      <Text size="xs" c="dimmed" data-testid="price-restored">
        {t('pricingPage.restore.restored')}
      </Text>
    );
  if (!isAppliedPriceEntry(entry)) return null;
  const name = entry.after?.ruleSetName;
  async function run() {
    try {
      const result = await restore.mutateAsync(entry.id);
      notify.success(t(result.restored ? 'pricingPage.restore.done' : 'pricingPage.restore.same'));
      onRestored?.();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }
  return (
    <div>
      {typeof name === 'string' && (
        <Text size="xs" c="dimmed">
          {t('pricingPage.restore.applied', { name })}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        mt={2}
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        loading={restore.isPending}
        onClick={() => void run()}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
        h="auto"
        py={2}
      >
        {t('pricingPage.restore.action')}
      </Button>
    </div>
  );
}
