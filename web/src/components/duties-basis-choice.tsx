import type { PriceDutyBasis } from '@kork/shared';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * Whether the prices of a list being entered include duties or not (docs/duties.md), with a line saying
 * what the choice does. The texts are the page's own: an importer's price list, a batch import.
 */
export function DutiesBasisChoice({
  value,
  onChange,
  texts,
  hintTestId,
}: {
  value: PriceDutyBasis;
  onChange: (next: PriceDutyBasis) => void;
  texts: { label: string; withDuties: string; withoutDuties: string; hint: string };
  hintTestId?: string;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {texts.label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as PriceDutyBasis)}
        data={[
          { value: 'withDuties', label: texts.withDuties },
          { value: 'withoutDuties', label: texts.withoutDuties },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <Text size="xs" c="dimmed" data-testid={hintTestId}>
        {texts.hint}
      </Text>
    </Stack>
  );
}
