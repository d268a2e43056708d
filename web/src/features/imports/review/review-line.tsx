import {
  type CurrencyCode,
  type ImportLine,
  lineDisplayName,
  type MatchCandidate,
  type ParsedWineLine,
} from '@kork/shared';
import { Badge, Button, Checkbox, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../lib/form-schema';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { formatMoney } from '../../../lib/money';
import { wineImageSources } from '../../../lib/wine-image';
import { importPickedWineQuery } from '../api/import-reads';
import { CatalogSearch } from './catalog-search';
import classes from './import-review.module.css';
import { Alternatives, DuplicateChoice, Vintages } from './line-choices';
import {
  CONFIDENCE_COLORS,
  candidateName,
  chosenCandidate,
  confidenceLevel,
  type Decision,
  type PendingDecision,
} from './review-model';
import { bottleSizeText, lineAtText } from './review-text';

const THUMB = 48;

export interface ReviewLineProps {
  /** The line with the user's unsaved decision laid over it. */
  line: ImportLine;
  pending?: PendingDecision;
  /** Catalogue wines picked by searching, by id (a line's candidates do not hold them). */
  picked: ReadonlyMap<string, MatchCandidate>;
  currency: CurrencyCode;
  /** A table row on a wide screen, a card on a phone. */
  layout: 'row' | 'card';
  /** The job is no longer in review: every control is shown but closed. */
  disabled?: boolean;
  onDecide: (line: ImportLine, decision: Decision, pickedWine?: MatchCandidate) => void;
  onRetry: (line: ImportLine) => void;
}

/**
 * One line of the file under review: where it was and what was read from it, the catalogue wine it
 * will be (with how sure the match is and the other wines it may be), or a custom wine, or nothing;
 * whether it is already in the cellar; and whether it is confirmed for the import.
 */
export function ReviewLine({
  line,
  pending,
  picked,
  currency,
  layout,
  disabled = false,
  onDecide,
  onRetry,
}: ReviewLineProps) {
  const { t } = useTranslation();
  const [searching, setSearching] = useState(false);
  const n = line.index + 1;
  const skipped = line.choice.kind === 'skip';
  const undecided = line.choice.kind === 'undecided';
  return (
    <fieldset
      aria-label={t('importsPage.review.line', { n, raw: line.raw })}
      className={`${classes.line} ${layout === 'row' ? classes.row : classes.card}`}
      data-layout={layout}
      data-testid="import-line"
      aria-busy={pending?.saving || undefined}
    >
      <div className={classes.source}>
        <LineSource line={line} currency={currency} />
      </div>
      <div className={classes.match}>
        {line.duplicate && <DuplicateChoice line={line} disabled={disabled} onDecide={onDecide} />}
        <ChosenWine line={line} picked={picked} />
        <Vintages line={line} disabled={disabled} onDecide={onDecide} />
        <Alternatives line={line} disabled={disabled} onDecide={onDecide} />
        <Group gap="xs" className={classes.actions}>
          <Button
            size="compact-sm"
            variant={searching && !disabled ? 'light' : 'default'}
            aria-expanded={searching && !disabled}
            disabled={disabled}
            onClick={() => setSearching((open) => !open)}
          >
            {t('importsPage.review.search')}
          </Button>
          <Button
            size="compact-sm"
            variant={line.choice.kind === 'custom' ? 'light' : 'default'}
            aria-pressed={line.choice.kind === 'custom'}
            disabled={disabled}
            onClick={() => onDecide(line, { choice: { kind: 'custom' }, confirmed: true })}
          >
            {t('importsPage.review.custom')}
          </Button>
          <Button
            size="compact-sm"
            variant={skipped ? 'light' : 'default'}
            color={skipped ? 'red.9' : undefined}
            aria-pressed={skipped}
            disabled={disabled}
            onClick={() => onDecide(line, { choice: { kind: 'skip' }, confirmed: false })}
          >
            {t('importsPage.review.skip')}
          </Button>
        </Group>
        {searching && !disabled && (
          <CatalogSearch
            initial={line.parsed.wineName}
            onPick={(wine) => {
              setSearching(false);
              onDecide(line, { choice: { kind: 'catalog', wineId: wine.wineId }, confirmed: true }, wine);
            }}
          />
        )}
        <SaveState line={line} pending={pending} disabled={disabled} onRetry={onRetry} />
      </div>
      <div className={classes.confirm}>
        <Checkbox
          label={t('importsPage.review.confirm')}
          description={undecided ? t('importsPage.review.undecided') : undefined}
          checked={line.confirmed && !skipped && !undecided}
          disabled={disabled || skipped || undecided}
          onChange={(event) => onDecide(line, { confirmed: event.currentTarget.checked })}
        />
      </div>
    </fieldset>
  );
}

/** Where the line was, its text, what was read from it and what could not be. */
function LineSource({ line, currency }: { line: ImportLine; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const facts = readFacts(line.parsed, currency, t);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {lineAtText(line, t)}
      </Text>
      <Text size="sm" className={classes.raw}>
        {line.raw}
      </Text>
      {facts.length > 0 && (
        <dl className={classes.facts} aria-label={t('importsPage.review.read.label')}>
          {facts.map(([label, value]) => (
            <div key={label} className={classes.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {line.issues.length > 0 && (
        <ul className={classes.issues}>
          {line.issues.map((issue) => (
            <li key={issue}>{t(`importsPage.review.issues.${issue}`)}</li>
          ))}
        </ul>
      )}
      {line.parsed.quantity === undefined && line.choice.kind !== 'skip' && (
        <Text size="sm" c="orange.9">
          {t('importsPage.review.noQuantity')}
        </Text>
      )}
      {line.error && (
        <Text size="sm" c="red.9">
          {t('importsPage.review.lineError', { message: translateMessage(line.error.code) })}
        </Text>
      )}
    </Stack>
  );
}

/** What was read, as label–value pairs, in the order people read a wine. */
function readFacts(parsed: ParsedWineLine, currency: CurrencyCode, t: TFunction): [string, string][] {
  const locale = currentLocale();
  const facts: [string, string][] = [[t('importsPage.review.read.name'), parsed.wineName]];
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (parsed.producer) facts.push([t('importsPage.review.read.producer'), parsed.producer]);
  if (parsed.vintage !== undefined)
    facts.push([
      t('importsPage.review.read.vintage'),
      parsed.vintage === null ? t('importsPage.review.read.nv') : String(parsed.vintage),
    ]);
  if (parsed.bottleSize !== undefined)
    facts.push([t('importsPage.review.read.size'), bottleSizeText(parsed.bottleSize, locale)]);
  if (parsed.quantity !== undefined)
    facts.push([t('importsPage.review.read.quantity'), formatCount(parsed.quantity, locale)]);
  if (parsed.purchasePriceWvat !== undefined)
    facts.push([t('importsPage.review.read.priceWvat'), money(parsed.purchasePriceWvat)]);
  if (parsed.purchasePriceWovat !== undefined)
    facts.push([t('importsPage.review.read.priceWovat'), money(parsed.purchasePriceWovat)]);
  if (parsed.sellingPrice !== undefined)
    facts.push([t('importsPage.review.read.sellingPrice'), money(parsed.sellingPrice)]);
  if (parsed.vinmonopoletNumber)
    facts.push([t('importsPage.review.read.vinmonopoletNumber'), parsed.vinmonopoletNumber]);
  if (parsed.vecturaNumber) facts.push([t('importsPage.review.read.vecturaNumber'), parsed.vecturaNumber]);
  return facts;
}

/** "Sure match · 92%" (teal), "Check this · 64%" (orange), "Weak · 31%" (red). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const { t } = useTranslation();
  const level = confidenceLevel(confidence);
  return (
    <Badge variant="outline" color={CONFIDENCE_COLORS[level]} radius="sm" tt="none" className={classes.badge}>
      {t('importsPage.review.confidence.withPercent', {
        label: t(`importsPage.review.confidence.${level}`),
        percent: formatPercent(confidence * 100, currentLocale(), 0),
      })}
    </Badge>
  );
}

/** What the line becomes: the chosen catalogue wine, a custom wine by the line's name, or nothing. */
function ChosenWine({ line, picked }: { line: ImportLine; picked: ReadonlyMap<string, MatchCandidate> }) {
  const { t } = useTranslation();
  if (line.choice.kind === 'skip')
    return (
      <Text size="sm" c="dimmed">
        {t('importsPage.review.skipped')}
      </Text>
    );
  if (line.choice.kind === 'undecided') {
    // Nothing is chosen for the user: the vintage is theirs to pick, an unmatched line theirs to place.
    if (line.match.vintages)
      return (
        <Text size="sm" c="orange.9" className={classes.wrap}>
          {t('importsPage.review.pickVintage')}
        </Text>
      );
    return (
      <Stack gap={4} data-testid="import-line-unmatched">
        <div>
          <Badge variant="outline" color="red.9" radius="sm" tt="none" className={classes.badge}>
            {t('importsPage.review.unmatchedBadge')}
          </Badge>
        </div>
        <Text size="sm" className={classes.wrap}>
          {t('importsPage.review.unmatched')}
        </Text>
      </Stack>
    );
  }
  if (line.choice.kind === 'custom')
    return (
      <Text size="sm" className={classes.wrap}>
        {t('importsPage.review.customChosen', {
          name: lineDisplayName(line.parsed),
        })}
      </Text>
    );
  const chosen = chosenCandidate(line, picked);
  if (chosen) return <WineSummary wine={chosen.candidate} pickedBySearch={chosen.pickedBySearch} />;
  if (line.choice.kind === 'catalog') return <PickedWine wineId={line.choice.wineId} />;
  return (
    <Text size="sm" c="dimmed">
      {t('importsPage.review.noMatch')}
    </Text>
  );
}

/** A catalogue wine picked by searching before this page was opened: read from the catalogue. */
function PickedWine({ wineId }: { wineId: string }) {
  const wine = useQuery(importPickedWineQuery(wineId));
  if (!wine.data) return <Skeleton height={48} aria-busy="true" />;
  const { id, name, producer, vintage, bottleSize, vinmonopoletNumber, imageUrl, mainCategoryId } = wine.data;
  return (
    <WineSummary
      wine={{
        wineId: id,
        name,
        producer,
        vintage,
        bottleSize,
        vinmonopoletNumber,
        imageUrl,
        mainCategoryId,
        confidence: 1,
        via: 'text',
      }}
      pickedBySearch
    />
  );
}

function WineSummary({ wine, pickedBySearch }: { wine: MatchCandidate; pickedBySearch: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const image = wineImageSources(wine.imageUrl, THUMB, wine.mainCategoryId);
  const details = [
    wine.producer,
    wine.vintage === null ? t('importsPage.review.read.nv') : String(wine.vintage),
    bottleSizeText(wine.bottleSize, locale),
    wine.vinmonopoletNumber ? t('importsPage.review.vinmonopolet', { number: wine.vinmonopoletNumber }) : '',
  ].filter(Boolean);
  return (
    <div className={classes.wine} data-testid="import-line-match">
      <Image
        src={image.src}
        srcSet={image.srcSet}
        alt=""
        w={THUMB}
        h={THUMB}
        fit="contain"
        loading="lazy"
        className={classes.thumb}
      />
      <Stack gap={2} className={classes.wineText}>
        <Text size="sm" fw={600} className={classes.wrap}>
          {candidateName(wine)}
        </Text>
        <Text size="xs" c="dimmed" className={classes.wrap}>
          {details.join(' · ')}
        </Text>
        <div>
          {pickedBySearch ? (
            <Badge variant="outline" color="blue.9" radius="sm" tt="none" className={classes.badge}>
              {t('importsPage.review.picked')}
            </Badge>
          ) : (
            <ConfidenceBadge confidence={wine.confidence} />
          )}
        </div>
      </Stack>
    </div>
  );
}

/** "Saving…", or why the last decision was not saved with a way to send it again. */
function SaveState({
  line,
  pending,
  disabled,
  onRetry,
}: {
  line: ImportLine;
  pending?: PendingDecision;
  disabled: boolean;
  onRetry: (line: ImportLine) => void;
}) {
  const { t } = useTranslation();
  if (!pending) return null;
  if (pending.saving)
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('importsPage.review.saving')}
      </Text>
    );
  if (!pending.error) return null;
  return (
    <Group gap="xs" role="alert">
      <Text size="sm" c="red.9" className={classes.wrap}>
        {t('importsPage.review.notSaved', { message: pending.error })}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red.9"
        disabled={disabled}
        onClick={() => onRetry(line)}
      >
        {t('importsPage.review.retry')}
      </Button>
    </Group>
  );
}
