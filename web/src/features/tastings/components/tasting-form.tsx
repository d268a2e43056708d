import {
  isTastingPoints,
  POINTS_MAX,
  POINTS_MIN,
  POINTS_STEP,
  TastingInput,
  type TastingNote,
} from '@kork/shared';
import { Button, Group, SimpleGrid, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../../lib/form-schema';
import { imageUrl } from '../../../lib/image-url';
import { notify } from '../../../lib/notify';
import { numberText, schemaNumber } from '../../../lib/number-text';
import { useRatingText } from '../../../lib/wine-text';
import { createTasting } from '../api/create-tasting';
import { updateTasting } from '../api/update-tasting';
import { uploadTastingImage } from '../api/upload-tasting-image';

export const TEXT_MAX = 5000;
const PREVIEW_WIDTH = 256;

export interface TastingFormValues {
  /** The text typed in the number field (components/number-field.tsx); the slider writes it too. */
  points: string;
  date: string;
  text: string;
  drinkingWindowFrom: string;
  drinkingWindowTo: string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Today in the taster's own calendar, as the date field writes it (YYYY-MM-DD). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A typed number in the page's language; `undefined` when empty, NaN for text that is no number. */
function numberOrUndefined(value: string): number | undefined {
  return schemaNumber(value, currentLocale()) ?? undefined;
}

/** The form's values as the API takes them (the shared TastingInput). */
export function toTastingInput(values: TastingFormValues, isPublished: boolean): TastingInput {
  return {
    points: numberOrUndefined(values.points) as number,
    date: values.date,
    text: values.text.trim(),
    drinkingWindowFrom: numberOrUndefined(values.drinkingWindowFrom) ?? null,
    drinkingWindowTo: numberOrUndefined(values.drinkingWindowTo) ?? null,
    isPublished,
  };
}

/**
 * The shared schema's rules, plus "not in the future" in the taster's own calendar: the schema allows
 * a day's grace for time zones, the form knows which day it is here.
 */
export function validateTasting(values: TastingFormValues): Record<string, string> {
  const errors = schemaErrors(TastingInput, toTastingInput(values, true));
  if (!errors.date && values.date > todayIso()) errors.date = translateMessage('invalidDate');
  return errors;
}

function valuesOf(note: TastingNote | undefined): TastingFormValues {
  return {
    points: numberText(note?.points, currentLocale()),
    date: note?.date.slice(0, 10) ?? todayIso(),
    text: note?.text ?? '',
    drinkingWindowFrom: numberText(note?.drinkingWindowFrom, currentLocale()),
    drinkingWindowTo: numberText(note?.drinkingWindowTo, currentLocale()),
  };
}

interface TastingFormProps {
  wineId: string;
  /** The note being changed; absent for a new one. */
  note?: TastingNote | undefined;
  /** Who writes it: photos are uploaded to their account. */
  viewerId: string;
  onSaved: (note: TastingNote) => void;
  onCancel?: () => void;
}

/**
 * A tasting note (SPEC §3): points with their description, the day it was tasted, the text, a photo
 * and the window to drink the wine in. "Publish" shares it with the community, "Save privately" keeps
 * it for the taster; an edit can switch between the two.
 */
export function TastingForm({ wineId, note, viewerId, onSaved, onCancel }: TastingFormProps) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const [file, setFile] = useState<File | null>(null);
  const [photoRemoved, setPhotoRemoved] = useState(false);
  const [saving, setSaving] = useState<'publish' | 'private' | null>(null);
  const form = useForm<TastingFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(note),
    validate: validateTasting,
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const invalid = Object.values(form.errors).some(Boolean);

  const points = numberOrUndefined(form.values.points);
  const chosen = points !== undefined && isTastingPoints(points) ? points : undefined;
  const existingPhoto = note?.photo && !photoRemoved ? note.photo : undefined;

  async function save(values: TastingFormValues, isPublished: boolean) {
    setSaving(isPublished ? 'publish' : 'private');
    try {
      const input = toTastingInput(values, isPublished);
      let photo: string | null | undefined;
      if (file) photo = (await uploadTastingImage(viewerId, file)).photo;
      else if (note?.photo && photoRemoved) photo = null;
      const body = photo === undefined ? input : { ...input, photo };
      const saved = note ? await updateTasting(note.id, body) : await createTasting(wineId, body);
      notify.success(
        note
          ? t('tasting.form.updated')
          : isPublished
            ? t('tasting.form.published')
            : t('tasting.form.savedPrivately'),
      );
      onSaved(saved);
    } catch (error) {
      form.setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  }

  const submitAs = (isPublished: boolean) => form.onSubmit((values) => void save(values, isPublished));

  return (
    <form onSubmit={submitAs(true)} noValidate>
      <Stack gap="md">
        <div>
          <NumberField
            label={t('tasting.form.points')}
            description={t('tasting.form.pointsHint', { min: POINTS_MIN, max: POINTS_MAX })}
            decimals={1}
            required
            {...form.getInputProps('points')}
          />
          {/* Until points are chosen the slider shows no value of its own: no thumb, nothing to read out. */}
          <Slider
            mt="sm"
            min={POINTS_MIN}
            max={POINTS_MAX}
            step={POINTS_STEP}
            value={chosen ?? POINTS_MIN}
            onChange={(value) => form.setFieldValue('points', numberText(value, currentLocale()))}
            label={null}
            thumbLabel={t('tasting.form.pointsSlider')}
            thumbValueText={(value) =>
              chosen === undefined
                ? t('tasting.form.pointsEmpty')
                : `${numberText(value, currentLocale())} · ${ratingText(value)}`
            }
            styles={chosen === undefined ? { thumb: { opacity: 0 }, bar: { opacity: 0 } } : undefined}
            data-empty={chosen === undefined || undefined}
            marks={[
              { value: POINTS_MIN },
              { value: 70 },
              { value: 80 },
              { value: 90 },
              { value: POINTS_MAX },
            ]}
          />
          <Text size="sm" mt="xs" fw={600} c="wine.8" aria-live="polite">
            {chosen !== undefined
              ? `${numberText(chosen, currentLocale())} · ${ratingText(chosen)}`
              : t('tasting.form.pointsEmpty')}
          </Text>
        </div>
        <TextInput
          type="date"
          label={t('tasting.form.date')}
          max={todayIso()}
          required
          {...form.getInputProps('date')}
        />
        <Textarea
          label={t('tasting.form.text')}
          placeholder={t('tasting.form.textPlaceholder')}
          description={t('tasting.form.textCount', { length: form.values.text.length, max: TEXT_MAX })}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={TEXT_MAX}
          {...form.getInputProps('text')}
        />
        <div>
          <ImagePicker
            label={t('tasting.form.photo')}
            shape="cover"
            file={file}
            currentSrc={existingPhoto ? imageUrl(existingPhoto, PREVIEW_WIDTH) : undefined}
            onChange={setFile}
            busy={saving !== null && file !== null}
          />
          {existingPhoto && !file && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              radius="xl"
              mt={4}
              onClick={() => setPhotoRemoved(true)}
            >
              {t('tasting.form.removePhoto')}
            </Button>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberField
            label={t('tasting.form.drinkFrom')}
            placeholder={t('tasting.form.yearPlaceholder')}
            decimals={0}
            {...form.getInputProps('drinkingWindowFrom')}
          />
          <NumberField
            label={t('tasting.form.drinkTo')}
            placeholder={t('tasting.form.yearPlaceholder')}
            decimals={0}
            {...form.getInputProps('drinkingWindowTo')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="subtle" color="gray" radius="xl" onClick={onCancel} disabled={saving !== null}>
              {t('tasting.form.cancel')}
            </Button>
          )}
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconLock size={16} aria-hidden />}
            loading={saving === 'private'}
            disabled={saving === 'publish' || invalid}
            onClick={() => submitAs(false)()}
          >
            {t('tasting.form.savePrivately')}
          </Button>
          <Button
            type="submit"
            radius="xl"
            leftSection={<IconWorld size={16} aria-hidden />}
            loading={saving === 'publish'}
            disabled={saving === 'private' || invalid}
          >
            {t('tasting.form.publish')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
