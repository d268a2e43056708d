import { STOCK_COUNT_LIMITS, type StockCountLine } from '@kork/shared';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { differenceColor, formatDifference, formatWhole } from '../count-format';
import classes from '../stock-counts.module.css';

/** What a person typed as a count: a whole number of bottles within the bound, or nothing usable. */
export function countedOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= STOCK_COUNT_LIMITS.countedMax ? value : undefined;
}

interface Props {
  line: StockCountLine;
  locationName: string;
  readOnly: boolean;
  /** Scrolled to and focused (a barcode found it). */
  focused: boolean;
  /** Tells which figure was entered; the line shows it from the next render on. */
  onEnter: (line: StockCountLine, counted: number) => void;
  /** Enter in the field: back to where the next wine is looked up. */
  onDone: () => void;
}

/** One wine in one location: expected, the counted figure with big − and + buttons, the difference. */
export const CountLine = memo(function CountLine({
  line,
  locationName,
  readOnly,
  focused,
  onEnter,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const item = useRef<HTMLLIElement>(null);
  const [text, setText] = useState(line.counted === undefined ? '' : String(line.counted));
  const [invalid, setInvalid] = useState(false);

  // A figure from elsewhere (another counter, a saved batch) shows unless this field is being typed in.
  useEffect(() => {
    if (document.activeElement === input.current) return;
    setText(line.counted === undefined ? '' : String(line.counted));
    setInvalid(false);
  }, [line.counted]);

  useEffect(() => {
    if (!focused) return;
    item.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, [focused]);

  // The display name carries producer, name and vintage already.
  const name = line.wineDisplayName;
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setInvalid(false);
      return;
    }
    const counted = countedOf(next);
    setInvalid(counted === undefined);
    if (counted !== undefined && counted !== line.counted) onEnter(line, counted);
  };
  const step = (by: number) => {
    const counted = Math.min(
      STOCK_COUNT_LIMITS.countedMax,
      Math.max(0, (countedOf(text) ?? line.counted ?? 0) + by),
    );
    setText(String(counted));
    setInvalid(false);
    onEnter(line, counted);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onDone();
    }
  };
  const colour = differenceColor(line.difference);

  return (
    <li ref={item} className={`${classes.line} ${focused ? classes.lineFocused : ''}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text className={classes.lineName}>{line.wineDisplayName}</Text>
          <Text size="sm" c="dimmed">
            {locationName}
          </Text>
        </div>
        {line.extra && (
          <Badge size="sm" variant="outline" color="blue.9" radius="sm" tt="none">
            {t('stockCounts.sheet.extraBadge')}
          </Badge>
        )}
      </Group>
      <Group justify="space-between" align="center" gap="sm" mt="xs" wrap="wrap">
        <Text size="sm">
          {t('stockCounts.sheet.expected')}: <strong>{formatWhole(line.expected)}</strong>
        </Text>
        <Text size="sm" c={colour} fw={line.difference ? 700 : undefined}>
          {line.difference === undefined
            ? t('stockCounts.sheet.notCounted')
            : `${t('stockCounts.sheet.differenceShort')} ${formatDifference(line.difference)}`}
        </Text>
      </Group>
      {readOnly ? (
        <Text size="lg" fw={700} mt={4}>
          {t('stockCounts.sheet.countedLabel')}:{' '}
          {line.counted === undefined ? '–' : formatWhole(line.counted)}
        </Text>
      ) : (
        <div className={classes.stepper} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <ActionIcon
            className={classes.stepButton}
            variant="default"
            radius="md"
            size={48}
            aria-label={t('stockCounts.sheet.less', { name })}
            disabled={(countedOf(text) ?? line.counted ?? 0) <= 0}
            onClick={() => step(-1)}
          >
            <IconMinus size={22} aria-hidden />
          </ActionIcon>
          <NumberField
            ref={input}
            className={classes.countInput}
            aria-label={t('stockCounts.sheet.countedField', { name })}
            decimals={0}
            description={null}
            value={text}
            onChange={change}
            onKeyDown={keyDown}
            error={invalid}
            enterKeyHint="done"
          />
          <ActionIcon
            className={classes.stepButton}
            variant="default"
            radius="md"
            size={48}
            aria-label={t('stockCounts.sheet.more', { name })}
            onClick={() => step(1)}
          >
            <IconPlus size={22} aria-hidden />
          </ActionIcon>
        </div>
      )}
      {line.countedByName && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('stockCounts.sheet.countedBy', { name: line.countedByName })}
        </Text>
      )}
    </li>
  );
});
