import type { SupplierAnswerInput, SupplierOrderView } from '@kork/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { errorMessage, type FieldErrors } from '../../lib/form-schema';
import { formatPrice } from '../../lib/wine-text';
import {
  type AnswerDraft,
  CHOOSE_ANSWER,
  confirmAll,
  draftFromView,
  hasChoice,
  type LineAction,
  type LineDraft,
  toAnswerInput,
} from './link/answer-form';
import classes from './link/supplier-order.module.css';
import { DARK_GREEN, DARK_ORANGE } from './suppliers/supplier-text';

const STATE_COLOR = {
  waiting: 'gray.8',
  confirmed: DARK_GREEN,
  modified: DARK_ORANGE,
  rejected: 'red.9',
} as const;

type Notice = 'sent' | 'changed' | null;

/**
 * A supplier's answer form for one order: confirm, modify (quantity, substitute, delivery date) or reject
 * each line, sent in one answer with the order's version. Used by the link page and the importer portal.
 * An answered order shows its answers and can be changed; a closed one is read-only. A 409 from
 * `onAnswer` (the order changed meanwhile) says so: the caller reloads the order into `view`.
 */
export function SupplierOrderAnswer({
  view,
  onAnswer,
}: {
  view: SupplierOrderView;
  onAnswer: (answer: SupplierAnswerInput) => Promise<SupplierOrderView>;
}) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale();
  const [draft, setDraft] = useState<AnswerDraft>(() => draftFromView(view, locale));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [editing, setEditing] = useState(view.supplierState === 'waiting');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const dateId = useId();

  // Another version of the order (after an answer, or reloaded after a conflict) starts the form again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order's version decides, not the object.
  useEffect(() => {
    setDraft(draftFromView(view, currentLocale()));
    setErrors({});
    setEditing(view.supplierState === 'waiting' && !view.closed);
  }, [view.orderId, view.version, view.closed]);

  const readOnly = view.closed || !editing;
  // The order's amounts are øre (NOK minor units).
  const money = (minor: number) => formatPrice(minor / 100, view.currency, i18n.resolvedLanguage);

  const setLine = (lineId: string, change: Partial<LineDraft>) => {
    setDraft((current) => {
      const line = current.lines[lineId];
      if (!line) return current;
      return { ...current, lines: { ...current.lines, [lineId]: { ...line, ...change } } };
    });
    setErrors((current) => {
      const { lines: _lines, ...rest } = current;
      return rest;
    });
  };

  const send = async () => {
    setFailure(null);
    setNotice(null);
    const result = toAnswerInput(view, draft, locale);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSending(true);
    try {
      await onAnswer(result.answer);
      setNotice('sent');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !view.closed) setNotice('changed');
      else setFailure(errorMessage(error));
      if (error instanceof ApiError) setErrors(prefixFields(error.fields, view));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" data-testid="supplier-answer">
      {view.closed && (
        <Alert variant="light" color="gray" data-testid="supplier-order-closed">
          {t('marketSuppliers.link.closed')}
        </Alert>
      )}
      {notice === 'sent' && (
        <Alert variant="light" color="green" role="status">
          {t('marketSuppliers.answer.sent')}
        </Alert>
      )}
      {notice === 'changed' && (
        <Alert variant="light" color="orange" role="alert">
          {t('marketSuppliers.answer.changed')}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Text fw={700} component="h2" fz="lg" m={0}>
          {t('marketSuppliers.answer.lines')}
        </Text>
        {!readOnly && (
          <Button variant="default" size="sm" onClick={() => setDraft(confirmAll)}>
            {t('marketSuppliers.answer.confirmAll')}
          </Button>
        )}
      </Group>

      <ul className={classes.lines}>
        {view.lines.map((line) => {
          const entry = draft.lines[line.lineId];
          if (!entry) return null;
          return (
            <li key={line.lineId} className={classes.line} data-testid="supplier-order-line">
              <div className={classes.lineHead}>
                <div className={classes.lineName}>
                  <Text fw={600}>{line.wineDisplayName}</Text>
                  <Text size="sm" c="dimmed">
                    {line.vinmonopoletNumber ? `${line.vinmonopoletNumber} · ` : ''}
                    {t('marketSuppliers.answer.ordered', { count: line.units, price: money(line.unitCost) })}
                  </Text>
                  {line.answer.state === 'modified' && line.answer.orderedUnits !== line.units && (
                    <Text size="sm" c="dimmed">
                      {t('marketSuppliers.answer.orderedUnits', { count: line.answer.orderedUnits })}
                    </Text>
                  )}
                  {line.answer.substitute && (
                    <Text size="sm">
                      {t('marketSuppliers.answer.substituteOf', { name: line.answer.substitute.name })}
                    </Text>
                  )}
                  {readOnly && line.answer.comment && (
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {line.answer.comment}
                    </Text>
                  )}
                </div>
                <Badge variant="outline" radius="sm" color={STATE_COLOR[line.answer.state]}>
                  {t(`marketSuppliers.answer.states.${line.answer.state}`)}
                </Badge>
              </div>
              {!readOnly && (
                <LineForm
                  name={line.wineDisplayName}
                  entry={entry}
                  errors={errors}
                  lineId={line.lineId}
                  onChange={(change) => setLine(line.lineId, change)}
                />
              )}
            </li>
          );
        })}
      </ul>

      <Text ta="right" fw={700}>
        {t('marketSuppliers.link.total')}: {money(view.totalCost)}
      </Text>

      {readOnly ? (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('marketSuppliers.link.expectedDelivery')}
          </Text>
          <Text>{view.deliveryDate ?? t('marketSuppliers.link.noDeliveryDate')}</Text>
        </Stack>
      ) : (
        <TextInput
          id={dateId}
          type="date"
          label={t('marketSuppliers.answer.deliveryDate')}
          value={draft.deliveryDate}
          min={new Date().toISOString().slice(0, 10)}
          onChange={(event) => {
            const deliveryDate = event.currentTarget.value;
            setDraft((current) => ({ ...current, deliveryDate }));
          }}
          error={errors.deliveryDate}
          maw={240}
        />
      )}

      {errors.lines && (
        <Text c="red.9" size="sm" role="alert">
          {errors.lines === CHOOSE_ANSWER ? t('marketSuppliers.answer.chooseAnswer') : errors.lines}
        </Text>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}

      {!view.closed && (
        <Group gap="sm">
          {readOnly ? (
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('marketSuppliers.answer.change')}
            </Button>
          ) : (
            <>
              <Button onClick={() => void send()} loading={sending} disabled={!hasChoice(draft)}>
                {t('marketSuppliers.answer.send')}
              </Button>
              {view.supplierState === 'answered' && (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setDraft(draftFromView(view, locale));
                    setErrors({});
                    setEditing(false);
                  }}
                >
                  {t('marketSuppliers.answer.cancel')}
                </Button>
              )}
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The API's field messages (`lines.0.quantity`) as the form's own keys (`<lineId>.quantity`). */
function prefixFields(fields: Record<string, string>, view: SupplierOrderView): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(fields)) {
    const match = /^(?:answer\.)?lines\.(\d+)\.(\w+)/.exec(field);
    const line = match ? view.lines[Number(match[1])] : undefined;
    if (match && line) errors[`${line.lineId}.${match[2]}`] = text;
    else if (/deliveryDate$/.test(field)) errors.deliveryDate = text;
  }
  return errors;
}

function LineForm({
  name,
  lineId,
  entry,
  errors,
  onChange,
}: {
  name: string;
  lineId: string;
  entry: LineDraft;
  errors: FieldErrors;
  onChange: (change: Partial<LineDraft>) => void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => errors[`${lineId}.${field}`];
  return (
    <Stack gap="xs" className={classes.lineForm}>
      <SegmentedControl
        fullWidth
        aria-label={t('marketSuppliers.answer.choice', { name })}
        value={entry.action ?? ''}
        onChange={(value) => onChange({ action: value as LineAction })}
        data={[
          { value: 'confirm', label: t('marketSuppliers.answer.confirm') },
          { value: 'modify', label: t('marketSuppliers.answer.modify') },
          { value: 'reject', label: t('marketSuppliers.answer.reject') },
        ]}
      />
      {error('action') && (
        <Text c="red.9" size="sm">
          {error('action')}
        </Text>
      )}
      {entry.action === 'modify' && (
        <div className={classes.modify}>
          <NumberField
            label={t('marketSuppliers.answer.quantity')}
            decimals={0}
            value={entry.quantity}
            onChange={(quantity) => onChange({ quantity })}
            error={error('quantity')}
          />
          <TextInput
            label={t('marketSuppliers.answer.substitute')}
            description={t('marketSuppliers.answer.substituteHint')}
            value={entry.substituteName}
            maxLength={200}
            onChange={(event) => onChange({ substituteName: event.currentTarget.value })}
            error={error('substituteName')}
          />
          <TextInput
            label={t('marketSuppliers.answer.substituteWineId')}
            value={entry.substituteWineId}
            maxLength={100}
            onChange={(event) => onChange({ substituteWineId: event.currentTarget.value })}
            error={error('substituteWineId')}
          />
        </div>
      )}
      {entry.action !== null && (
        <Textarea
          label={t('marketSuppliers.answer.comment')}
          value={entry.comment}
          maxLength={1000}
          rows={2}
          onChange={(event) => onChange({ comment: event.currentTarget.value })}
          error={error('comment')}
        />
      )}
    </Stack>
  );
}
