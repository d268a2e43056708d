import { STOCK_COUNT_LIMITS, type StockCountLine } from '@kork/shared';
import { ActionIcon, Badge, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../lib/form-schema';
import { numberText } from '../../../lib/number-text';
import { differenceColor, formatDifference, formatWhole } from '../count-format';
import classes from '../stock-counts.module.css';
import { countFieldState, type UnsavedKind } from './count-entry';

/** How long typing pauses before a valid figure is entered ("120" typed digit by digit goes once, as 120). */
export const ENTER_AFTER_MS = 600;

interface Props {
  line: StockCountLine;
  locationName: string;
  readOnly: boolean;
  /** The cellar counts open bottles in tenths (3.4); else whole bottles only. */
  tenths?: boolean;
  /** Scrolled to and focused (a barcode found it). */
  focused: boolean;
  /**
   * Tells which figure was entered; the line shows it from the next render on. `leaving`: the page is going
   * away, so the figure must be kept at once.
   */
  onEnter: (line: StockCountLine, counted: number, leaving?: boolean) => void;
  /** Whether the field shows something not saved: a figure being typed, or one refused (`undefined`: saved). */
  onUnsaved: (pair: string, kind: UnsavedKind | undefined) => void;
  /** Enter in the field: back to where the next wine is looked up. */
  onDone: () => void;
}

/**
 * One wine in one location: expected, the counted figure with − and + buttons, the difference. A compact
 * row (name, then vintage, location, expected and difference on one small line, the field beside them),
 * so a phone shows eight wines and more at once. A blind count's line has no expected bottles and so no
 * difference while the count is open.
 *
 * The field keeps exactly what was typed. A valid figure is entered once typing pauses, the field is left
 * or Enter is pressed; one that breaks the rule is never entered: the field says which rule, and the line
 * tells the sheet it is not saved.
 */
export const CountLine = memo(function CountLine({
  line,
  locationName,
  readOnly,
  tenths = false,
  focused,
  onEnter,
  onUnsaved,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const input = useRef<HTMLInputElement>(null);
  const item = useRef<HTMLLIElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The figure last handed to the sheet, so a pause and a blur right after it do not enter it twice. */
  const entered = useRef<number | undefined>(undefined);
  const [text, setText] = useState(numberText(line.counted, locale));
  const pair = `${line.ownWineId}|${line.locationId}`;
  const state = countFieldState(text, line.counted, locale, tenths);

  // A figure from elsewhere (another counter, a saved batch) shows unless this field is being typed in.
  useEffect(() => {
    entered.current = undefined;
    if (document.activeElement === input.current) return;
    setText(numberText(line.counted, locale));
  }, [line.counted, locale]);

  useEffect(() => {
    if (!focused) return;
    item.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, [focused]);

  const enter = (counted: number) => {
    clearTimeout(timer.current);
    if (entered.current === counted) return;
    entered.current = counted;
    onEnter(line, counted);
  };
  const enterNow = () => {
    if (state.kind === 'ready') enter(state.counted);
  };

  // A valid figure goes once typing pauses; anything else typed meanwhile (a refused one too) cancels it.
  // Leaving the page (a reload, the phone locking) enters it at once, so a figure typed is never lost.
  const ready = state.kind === 'ready' ? state.counted : undefined;
  useEffect(() => {
    if (ready === undefined) return;
    const now = (leaving?: boolean) => {
      clearTimeout(timer.current);
      if (entered.current === ready) return;
      entered.current = ready;
      onEnter(line, ready, leaving);
    };
    timer.current = setTimeout(now, ENTER_AFTER_MS);
    const leave = () => now(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [ready, line, onEnter]);

  // A figure entered waits in the device's queue until the sheet shows it: still "typing" until then.
  const unsaved: UnsavedKind | undefined =
    state.kind === 'invalid' ? 'invalid' : state.kind === 'ready' ? 'typing' : undefined;
  useEffect(() => {
    onUnsaved(pair, unsaved);
  }, [onUnsaved, pair, unsaved]);
  useEffect(() => () => onUnsaved(pair, undefined), [onUnsaved, pair]);

  // The figure − and + start from: the one typed when it is valid, else the saved one.
  const base = ready ?? line.counted ?? 0;
  const name = line.wineDisplayName;
  // − and + move by whole bottles; an open bottle's tenths stay as they are (3.4 → 4.4).
  const step = (by: number) => {
    const counted = Math.round((base + by) * 10) / 10;
    if (counted < 0 || counted > STOCK_COUNT_LIMITS.countedMax) return;
    setText(numberText(counted, locale));
    enter(counted);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A refused figure keeps the field, so it can be put right.
    if (state.kind === 'invalid') return;
    enterNow();
    onDone();
  };
  const colour = differenceColor(line.difference);

  const meta = [
    line.vintage === null ? undefined : String(line.vintage),
    line.bottleSize ? `${formatWhole(line.bottleSize * 100)} cl` : undefined,
    locationName,
    line.expected === undefined
      ? undefined
      : `${t('stockCounts.sheet.expected')}: ${formatWhole(line.expected)}`,
  ].filter(Boolean);

  return (
    <li ref={item} className={`${classes.line} ${focused ? classes.lineFocused : ''}`}>
      <div className={classes.lineMain}>
        <Text className={classes.lineName} title={line.wineDisplayName}>
          {line.wineDisplayName}
          {line.extra && (
            <Badge size="xs" variant="outline" color="blue.9" radius="sm" tt="none" ml={6}>
              {t('stockCounts.sheet.extraBadge')}
            </Badge>
          )}
        </Text>
        <Text size="xs" c="dimmed" className={classes.lineMeta}>
          {meta.join(' · ')}
          {line.expected !== undefined && (
            <>
              {' · '}
              <Text span size="xs" c={colour} fw={line.difference ? 700 : undefined}>
                {line.difference === undefined
                  ? t('stockCounts.sheet.notCounted')
                  : `${t('stockCounts.sheet.differenceShort')} ${formatDifference(line.difference)}`}
              </Text>
            </>
          )}
          {line.countedByName && ` · ${t('stockCounts.sheet.countedBy', { name: line.countedByName })}`}
        </Text>
      </div>
      {readOnly ? (
        <Text fw={700} className={classes.lineCounted}>
          <Text span size="xs" c="dimmed" fw={400}>
            {t('stockCounts.sheet.countedLabel')}:{' '}
          </Text>
          {line.counted === undefined ? '–' : formatWhole(line.counted)}
        </Text>
      ) : (
        <div className={classes.stepper}>
          <ActionIcon
            className={classes.stepButton}
            variant="default"
            radius="md"
            aria-label={t('stockCounts.sheet.less', { name })}
            disabled={base < 1}
            onClick={() => step(-1)}
          >
            <IconMinus size={20} aria-hidden />
          </ActionIcon>
          <NumberField
            ref={input}
            className={classes.countInput}
            aria-label={t('stockCounts.sheet.countedField', { name })}
            decimals={tenths ? 1 : 0}
            description={null}
            value={text}
            onChange={setText}
            onKeyDown={keyDown}
            onBlur={enterNow}
            error={state.kind === 'invalid' ? translateMessage(state.message) : undefined}
            enterKeyHint="done"
          />
          <ActionIcon
            className={classes.stepButton}
            variant="default"
            radius="md"
            aria-label={t('stockCounts.sheet.more', { name })}
            disabled={base + 1 > STOCK_COUNT_LIMITS.countedMax}
            onClick={() => step(1)}
          >
            <IconPlus size={20} aria-hidden />
          </ActionIcon>
        </div>
      )}
    </li>
  );
});
