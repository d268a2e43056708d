import { EVENT_CATEGORIES, EVENT_LIMITS, EVENT_TIME_ZONE, EVENT_TYPES } from '@kork/shared';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker';
import { imageUrl } from '../../../lib/image-url';
import type { EventFormValues } from './event-form';

type Form = UseFormReturnType<EventFormValues>;

export interface CoverState {
  file: File | null;
  /** The address of the cover now chosen (uploaded or saved), to show. */
  url: string | undefined;
  busy: boolean;
  error: string | undefined;
}

/** Step 1: type, name, category, description and cover photo. */
export function AboutFields({
  form,
  cover,
  onCoverChange,
  onCoverRemove,
}: {
  form: Form;
  cover: CoverState;
  onCoverChange: (file: File | null) => void;
  onCoverRemove: () => void;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <Stack gap="md">
      <Radio.Group label={t('eventEditor.about.type')} withAsterisk {...form.getInputProps('type')}>
        <Stack gap="xs" mt={6}>
          {EVENT_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`eventEditor.about.types.${type}`)}
              description={t(`eventEditor.about.typeHints.${type}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <TextInput
        label={t('eventEditor.about.name')}
        withAsterisk
        maxLength={EVENT_LIMITS.nameMax}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <Select
        label={t('eventEditor.about.category')}
        placeholder={t('eventEditor.about.categoryPlaceholder')}
        withAsterisk
        allowDeselect={false}
        data={EVENT_CATEGORIES.map((category) => ({
          value: category,
          label: t(`eventEditor.categories.${category}`),
        }))}
        value={values.category || null}
        onChange={(value) => form.setFieldValue('category', (value ?? '') as EventFormValues['category'])}
        error={form.errors.category}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('eventEditor.about.description')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={EVENT_LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
      <ImagePicker
        label={t('eventEditor.about.cover')}
        shape="cover"
        file={cover.file}
        currentSrc={cover.url ? imageUrl(cover.url, 640) : undefined}
        busy={cover.busy}
        error={cover.error ?? (form.errors.coverPhoto as string | undefined)}
        onChange={onCoverChange}
      />
      {!cover.file && values.coverPhoto && (
        <Group>
          <Button
            variant="subtle"
            color="gray.8"
            radius="xl"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onCoverRemove}
          >
            {t('eventEditor.about.removeCover')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Step 2: start and end (Oslo time), the location line and the city. */
export function WhenFields({ form, endError }: { form: Form; endError: string | undefined }) {
  const { t } = useTranslation();
  const zone = t('eventEditor.when.timeZone', { zone: EVENT_TIME_ZONE });
  const endTime = form.getInputProps('endTime');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('eventEditor.when.startDate')}
          withAsterisk
          {...form.getInputProps('startDate')}
        />
        <TextInput
          type="time"
          label={t('eventEditor.when.startTime')}
          withAsterisk
          description={zone}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('startTime')}
        />
        <TextInput
          type="date"
          label={t('eventEditor.when.endDate')}
          withAsterisk
          {...form.getInputProps('endDate')}
        />
        <TextInput
          type="time"
          label={t('eventEditor.when.endTime')}
          withAsterisk
          description={zone}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...endTime}
          error={endTime.error ?? endError}
        />
      </SimpleGrid>
      <TextInput
        label={t('eventEditor.when.location')}
        description={t('eventEditor.when.locationHint')}
        withAsterisk
        maxLength={EVENT_LIMITS.locationMax}
        autoComplete="off"
        {...form.getInputProps('location')}
      />
      <TextInput
        label={t('eventEditor.when.city')}
        withAsterisk
        maxLength={EVENT_LIMITS.cityMax}
        autoComplete="address-level2"
        {...form.getInputProps('city')}
      />
    </Stack>
  );
}

/** Step 4: website, ticket link and the HORECA prices switch. */
export function MoreFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextInput
        type="url"
        label={t('eventEditor.more.website')}
        placeholder="https://"
        maxLength={EVENT_LIMITS.urlMax}
        autoComplete="url"
        {...form.getInputProps('website')}
      />
      <TextInput
        type="url"
        label={t('eventEditor.more.ticketLink')}
        placeholder="https://"
        maxLength={EVENT_LIMITS.urlMax}
        autoComplete="off"
        {...form.getInputProps('ticketLink')}
      />
      <Switch
        label={t('eventEditor.more.horecaPrices')}
        description={t('eventEditor.more.horecaPricesHint')}
        {...form.getInputProps('horecaPrices', { type: 'checkbox' })}
      />
    </Stack>
  );
}
