import { type ImportLine, type MatchCandidate, wineDisplayName } from '@kork/shared';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatPercent } from '../../../lib/format-number';
import classes from './import-review.module.css';
import { candidateName, type Decision, duplicateOptions, duplicateValue } from './review-model';
import { bottleSizeText } from './review-text';

/** The choices a review line offers: its vintage, the catalogue wine it is, and what to do with a duplicate. */

/** What each choice gets of the line's props (see `ReviewLineProps`). */
interface ChoiceProps {
  line: ImportLine;
  disabled?: boolean;
  onDecide: (line: ImportLine, decision: Decision, pickedWine?: MatchCandidate) => void;
}

/** What a line kept as typed without a vintage is chosen as among the vintages' radios. */
const NO_VINTAGE = 'no-vintage';

/**
 * The vintages of the line's wine when the line gives none and the catalogue has several: one radio
 * each (NV first, then the newest), and "no vintage" to keep the line as the user's own wine.
 */
export function Vintages({ line, disabled, onDecide }: ChoiceProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const vintages = line.match.vintages;
  const first = vintages?.[0];
  if (!vintages || !first) return null;
  const value =
    line.choice.kind === 'catalog' &&
    vintages.some((v) => v.wineId === (line.choice as { wineId: string }).wineId)
      ? line.choice.wineId
      : line.choice.kind === 'custom'
        ? NO_VINTAGE
        : null;
  const name = wineDisplayName({
    wineName: first.vintage === null ? first.name : first.name.replace(String(first.vintage), '').trim(),
    producerName: first.producer,
  });
  return (
    <Radio.Group
      label={t('importsPage.review.vintages', { name })}
      value={value}
      onChange={(picked) =>
        onDecide(
          line,
          picked === NO_VINTAGE
            ? { choice: { kind: 'custom' }, confirmed: true }
            : { choice: { kind: 'catalog', wineId: picked }, confirmed: true },
        )
      }
      disabled={disabled}
      size="sm"
      data-testid="import-line-vintages"
    >
      <Group gap="md" mt={4}>
        {vintages.map((vintage) => (
          <Radio
            key={vintage.wineId}
            value={vintage.wineId}
            label={vintage.vintage === null ? t('importsPage.review.read.nv') : String(vintage.vintage)}
            description={[
              bottleSizeText(vintage.bottleSize, locale),
              vintage.vinmonopoletNumber
                ? t('importsPage.review.vinmonopolet', { number: vintage.vinmonopoletNumber })
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
        <Radio value={NO_VINTAGE} label={t('importsPage.review.noVintage')} />
      </Group>
    </Radio.Group>
  );
}

/** The catalogue wines the line may be, as radios named by each wine's display name. */
export function Alternatives({ line, disabled, onDecide }: ChoiceProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // The vintages of the line's wine are offered on their own, above.
  const ofVintages = new Set(line.match.vintages?.map((v) => v.wineId));
  const candidates = line.match.candidates.filter((c) => !ofVintages.has(c.wineId));
  const value = line.choice.kind === 'catalog' ? line.choice.wineId : null;
  // A single candidate that is the choice already is shown above; alone, it offers nothing to pick.
  if (candidates.length === 0 || (candidates.length === 1 && candidates[0]?.wineId === value)) return null;
  return (
    <Radio.Group
      label={t('importsPage.review.alternatives')}
      value={value}
      onChange={(wineId) => onDecide(line, { choice: { kind: 'catalog', wineId }, confirmed: true })}
      disabled={disabled}
      size="sm"
    >
      <Stack gap={6} mt={4}>
        {candidates.map((candidate) => (
          <Radio
            key={candidate.wineId}
            value={candidate.wineId}
            label={candidateName(candidate)}
            description={[
              bottleSizeText(candidate.bottleSize, locale),
              candidate.vinmonopoletNumber
                ? t('importsPage.review.vinmonopolet', { number: candidate.vinmonopoletNumber })
                : '',
              formatPercent(candidate.confidence * 100, locale, 0),
            ]
              .filter(Boolean)
              .join(' · ')}
            classNames={{ label: classes.wrap }}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** "Already in your cellar: … (n bottles)": add to its bottles, or add as a new wine (or skip). */
export function DuplicateChoice({ line, disabled, onDecide }: ChoiceProps) {
  const { t } = useTranslation();
  const duplicate = line.duplicate;
  if (!duplicate) return null;
  const label = t('importsPage.review.duplicate.label', {
    name: duplicate.wineDisplayName,
    count: duplicate.quantity,
  });
  const options = duplicateOptions(line);
  if (options.length === 0)
    return (
      <Text size="sm" c="blue.9" className={classes.wrap}>
        {label}
      </Text>
    );
  return (
    <Radio.Group
      label={label}
      value={duplicateValue(line)}
      onChange={(value) =>
        onDecide(
          line,
          value === 'skip'
            ? { choice: { kind: 'skip' }, confirmed: false }
            : { onDuplicate: value as 'add' | 'new' },
        )
      }
      disabled={disabled}
      size="sm"
      classNames={{ root: classes.duplicate, label: classes.wrap }}
    >
      <Group gap="md" mt={4}>
        {options.map((option) => (
          <Radio key={option} value={option} label={t(`importsPage.review.duplicate.${option}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
