import {
  type AlcoholGroup,
  type CellarWine,
  CellarWineUpdate,
  type CostBreakdown,
  type CurrencyCode,
} from '@kork/shared';
import { Alert, Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { formatDay } from '../../../lib/format-day';
import { formatPercent } from '../../../lib/format-number';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { schemaNumber } from '../../../lib/number-text';
import { updateCellarWine } from '../api/update-cellar-wine';
import { wineCostKey, wineCostQuery } from '../api/wine-cost-queries';
import classes from './wine-cost-section.module.css';

interface WineCostSectionProps {
  userId: string;
  /** The wine as last saved: a change to it works the cost out again. */
  wine: CellarWine;
  /** The wine as saved after its alcohol was entered here. */
  onAlcoholSaved: (wine: CellarWine) => void;
}

/**
 * What one bottle costs a business (docs/duties.md): the importer's net price, the alcohol excise with its
 * group, the packaging tax, the deposit, VAT and the total, with the date of the rates used. What the
 * figure lacks is said, never shown as 0: rates not loaded for the year, no rates for the day, or the
 * wine's alcohol, which can be entered right here.
 */
export function WineCostSection({ userId, wine, onAlcoholSaved }: WineCostSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cost = useQuery(wineCostQuery(userId, wine.id));

  // A saved change to the wine (its price, alcohol, container, style) may change its cost.
  const seen = useRef(wine.updatedAt);
  useEffect(() => {
    if (seen.current === wine.updatedAt) return;
    seen.current = wine.updatedAt;
    void queryClient.invalidateQueries({ queryKey: wineCostKey(userId, wine.id) });
  }, [queryClient, userId, wine.id, wine.updatedAt]);

  return (
    <Fieldset legend={t('cellarWines.cost.title')} radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('cellarWines.cost.intro')}
        </Text>
        {cost.isPending && (
          <Text size="sm" role="status">
            {t('cellarWines.cost.loading')}
          </Text>
        )}
        {cost.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('cellarWines.cost.loadError')} {errorMessage(cost.error)}
              </Text>
              <Button size="xs" variant="light" onClick={() => void cost.refetch()}>
                {t('cellarWines.cost.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {cost.data && (
          <Breakdown
            cost={cost.data}
            askAlcohol={
              <AlcoholQuestion
                onSave={(alcohol) => updateCellarWine(userId, wine.id, { alcohol })}
                onSaved={(saved) => {
                  onAlcoholSaved(saved);
                  void queryClient.invalidateQueries({ queryKey: wineCostKey(userId, wine.id) });
                }}
              />
            }
          />
        )}
      </Stack>
    </Fieldset>
  );
}

function Breakdown({ cost, askAlcohol }: { cost: CostBreakdown; askAlcohol: React.ReactNode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const currency = cost.currency as CurrencyCode;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const missing = new Set(cost.missing);
  const group = (value: AlcoholGroup | null) => t(`cellarWines.duties.groups.${value ?? 'none'}`);

  const lines: { key: string; label: string; minor: number | null }[] = [
    { key: 'net', label: t('cellarWines.cost.net'), minor: cost.net },
    {
      key: 'excise',
      label:
        cost.excise === null
          ? t('cellarWines.cost.excise')
          : t('cellarWines.cost.exciseGroup', { group: group(cost.group) }),
      minor: cost.excise,
    },
    { key: 'packagingTax', label: t('cellarWines.cost.packagingTax'), minor: cost.packagingTax },
    { key: 'deposit', label: t('cellarWines.cost.deposit'), minor: cost.deposit },
    {
      key: 'vat',
      label: t('cellarWines.cost.vat', { vat: formatPercent(cost.vatPercentage, locale) }),
      minor: cost.vat,
    },
  ];
  const shown = lines.filter((line) => line.minor !== null);

  return (
    <Stack gap="sm">
      {missing.has('rates') && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('cellarWines.cost.missingRates', { date: formatDay(cost.date, locale) })}
        </Alert>
      )}
      {missing.has('alcohol') && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">{t('cellarWines.cost.missingAlcohol')}</Text>
            {askAlcohol}
          </Stack>
        </Alert>
      )}
      {missing.has('price') && <Text size="sm">{t('cellarWines.cost.missingPrice')}</Text>}
      {cost.stale && cost.ratesAsOf && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('cellarWines.cost.stale', { year: cost.date.slice(0, 4), from: cost.ratesAsOf.slice(0, 4) })}
        </Alert>
      )}
      {cost.net !== null && cost.net < 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('cellarWines.cost.negativeNet')}
        </Alert>
      )}
      {shown.length > 0 && (
        <dl className={classes.lines}>
          {shown.map((line) => (
            <Fragment key={line.key}>
              <dt>{line.label}</dt>
              <dd>{money(line.minor as number)}</dd>
            </Fragment>
          ))}
          {cost.total !== null && (
            <>
              <dt className={classes.total}>{t('cellarWines.cost.total')}</dt>
              <dd className={classes.total}>{money(cost.total)}</dd>
            </>
          )}
        </dl>
      )}
      <Text size="xs" c="dimmed">
        {cost.ratesAsOf &&
          `${t('cellarWines.cost.ratesFrom', { date: formatDay(cost.ratesAsOf, locale) })} · `}
        {t('cellarWines.cost.figuresFor', { date: formatDay(cost.date, locale) })}
      </Text>
    </Stack>
  );
}

/** The wine's alcohol, asked for where the duties need it, checked with the API's own rule and saved at once. */
function AlcoholQuestion({
  onSave,
  onSaved,
}: {
  onSave: (alcohol: number) => Promise<CellarWine>;
  onSaved: (wine: CellarWine) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<{ text: string; message: string }>();
  const value = schemaNumber(text, locale);
  const ruleError =
    text.trim() === '' ? undefined : schemaErrors(CellarWineUpdate, { alcohol: value }).alcohol;
  const error = ruleError ?? (serverError?.text === text ? serverError.message : undefined);
  const save = useMutation({
    mutationFn: onSave,
    onSuccess: (saved) => {
      notify.success(t('cellarWines.cost.alcoholSaved'));
      onSaved(saved);
    },
    onError: (failure) => {
      const message = apiFieldErrors(failure).alcohol ?? errorMessage(failure);
      setServerError({ text, message });
    },
  });
  const ready = value !== null && !Number.isNaN(value) && !ruleError;
  return (
    <div className={classes.alcoholRow}>
      <NumberField
        label={t('cellarWines.cost.alcohol')}
        decimals={2}
        min={0}
        max={100}
        suffix="%"
        value={text}
        onChange={setText}
        error={error}
      />
      <Button
        radius="xl"
        loading={save.isPending}
        disabled={!ready}
        onClick={() => value !== null && save.mutate(value)}
      >
        {t('cellarWines.cost.saveAlcohol')}
      </Button>
    </div>
  );
}
