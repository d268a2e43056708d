import { type CellarLocation, LocationInput, treeNameKey } from '@kork/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { createLocation, updateLocation } from '../api/locations';

/** A new location (at the top, or inside `parent`), or a new name for an existing one. */
export type LocationFormTarget =
  | { kind: 'create'; parent?: CellarLocation }
  | { kind: 'rename'; location: CellarLocation };

interface LocationFormModalProps {
  userId: string;
  target: LocationFormTarget;
  /** The cellar's locations as known: a name one of them has under the same parent is refused here first. */
  locations: readonly CellarLocation[];
  onClose: () => void;
  onSaved: (location: CellarLocation) => void;
}

interface LocationFormValues {
  name: string;
}

/**
 * Whether another location under `parentId` has this name, compared as the API compares them (trimmed,
 * without case or accents): "A location with this name already exists here".
 */
export function nameTaken(
  locations: readonly CellarLocation[],
  name: string,
  parentId: string | null,
  self?: string,
): boolean {
  const key = treeNameKey(name);
  return locations.some(
    (location) =>
      location.id !== self && location.parentId === parentId && treeNameKey(location.name) === key,
  );
}

/**
 * Create or rename a location in a small modal, checked with the API's own `LocationInput` schema and
 * against the names under the same parent (the API refuses those too, should the list be out of date).
 * The parent is fixed by where the person opened it from, so the form has just the name.
 */
export function LocationFormModal({ userId, target, locations, onClose, onSaved }: LocationFormModalProps) {
  const { t } = useTranslation();
  const parentId = target.kind === 'create' ? (target.parent?.id ?? null) : undefined;
  const form = useForm<LocationFormValues>({
    mode: 'controlled',
    initialValues: { name: target.kind === 'rename' ? target.location.name : '' },
    validate: (values) => {
      const errors = schemaErrors(LocationInput, { name: values.name, parentId });
      if (errors.name) return errors;
      const [under, self] =
        target.kind === 'rename'
          ? [target.location.parentId, target.location.id]
          : [target.parent?.id ?? null, undefined];
      return nameTaken(locations, values.name, under, self)
        ? { ...errors, name: translateMessage('locationNameTaken') }
        : errors;
    },
  });

  const title =
    target.kind === 'rename'
      ? t('cellarPlaces.form.renameTitle', { name: target.location.name })
      : target.parent
        ? t('cellarPlaces.form.createSubTitle', { parent: target.parent.name })
        : t('cellarPlaces.form.createTitle');

  const submit = form.onSubmit(async (values) => {
    const name = values.name.trim();
    try {
      const saved =
        target.kind === 'rename'
          ? await updateLocation(userId, target.location.id, { name })
          : await createLocation(userId, parentId ? { name, parentId } : { name });
      notify.success(
        target.kind === 'rename'
          ? t('cellarPlaces.form.renamed', { name: saved.name })
          : t('cellarPlaces.form.created', { name: saved.name }),
      );
      onSaved(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      // A message about the parent belongs to no field here, so it is shown on the name.
      form.setErrors({ name: fields.name ?? fields.parentId ?? errorMessage(error) });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('cellarPlaces.form.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('cellarPlaces.form.name')}
            placeholder={t('cellarPlaces.form.namePlaceholder')}
            required
            data-autofocus
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" radius="xl" onClick={onClose} disabled={form.submitting}>
              {t('cellarPlaces.form.cancel')}
            </Button>
            <Button type="submit" radius="xl" loading={form.submitting}>
              {target.kind === 'rename' ? t('cellarPlaces.form.save') : t('cellarPlaces.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
