import { CASE_SIZE_MAX, type CellarWine, PAR_LEVEL_MAX, reorderSuggestion } from '@kork/shared';
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { numberText } from '../../lib/number-text';
import { wineReorderQuery } from './reorder-queries';

/**
 * A wine's par level, reorder point and case size in its drawer's stock tab (business cellars), part of
 * the drawer's one form; beside them what the sales suggest, with the figures it came from. An empty
 * field keeps the suggestion.
 */
export type ReorderLevelField = 'parLevel' | 'reorderPoint' | 'caseSize';

interface ReorderLevelsProps {
  wine: CellarWine;
  /** The form's props of a field (`form.getInputProps`): its text, change and error. */
  inputProps: (field: ReorderLevelField) => object;
}

export function ReorderLevels({ wine, inputProps }: ReorderLevelsProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const figures = useQuery(wineReorderQuery(wine.ownerId, wine.id));
  const reason = figures.data?.reason;
  // What the sales suggest, beside what the owner set; a wine not sold in 90 days says so.
  let suggestion: string | undefined;
  if (reason && reason.dailyUse > 0) {
    // The same math as the server's, on the same figures, without the owner's own levels.
    const suggested = reorderSuggestion({
      inStock: reason.inStock,
      sold: reason.sold,
      salesDays: reason.salesDays,
      leadTimeDays: reason.leadTimeFrom === 'supplier' ? reason.leadTimeDays : undefined,
    }).reason;
    suggestion = t('reorder.levels.suggestion', {
      reorderPoint: suggested.reorderPoint,
      parLevel: suggested.parLevel,
      dailyUse: numberText(suggested.dailyUse, locale),
      leadTime: t('reorder.dayCount', { count: suggested.leadTimeDays }),
      safetyStock: suggested.safetyStock,
    });
  } else if (reason) suggestion = t('reorder.levels.noSuggestion');
  return (
    <Fieldset legend={t('reorder.levels.legend')} radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberField
            label={t('reorder.levels.reorderPoint')}
            decimals={0}
            min={0}
            max={PAR_LEVEL_MAX}
            description=""
            suffix={t('reorder.levels.bottles')}
            {...inputProps('reorderPoint')}
          />
          <NumberField
            label={t('reorder.levels.parLevel')}
            decimals={0}
            min={0}
            max={PAR_LEVEL_MAX}
            description=""
            suffix={t('reorder.levels.bottles')}
            {...inputProps('parLevel')}
          />
          <NumberField
            label={t('reorder.levels.caseSize')}
            decimals={0}
            min={1}
            max={CASE_SIZE_MAX}
            description=""
            {...inputProps('caseSize')}
          />
        </SimpleGrid>
        {suggestion && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {suggestion}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
