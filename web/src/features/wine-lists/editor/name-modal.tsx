import { NewWineListInput } from '@kork/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';

interface NameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  onClose: () => void;
  /** Rejects with the API's error, shown at the field. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Names a list: a new one, a copy, or a rename; checked as typed with the API's schema. */
export function NameModal({
  opened,
  title,
  submitLabel,
  initialName = '',
  onClose,
  onSubmit,
}: NameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && (
        <NameForm
          initialName={initialName}
          submitLabel={submitLabel}
          onCancel={onClose}
          onSubmit={onSubmit}
          label={t('wineListEditor.lists.nameLabel')}
        />
      )}
    </Modal>
  );
}

function NameForm({
  initialName,
  submitLabel,
  label,
  onCancel,
  onSubmit,
}: {
  initialName: string;
  submitLabel: string;
  label: string;
  onCancel: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const schemaError = schemaErrors(NewWineListInput, { name }).name;
  const error = serverError ?? (touched ? schemaError : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (schemaError) return;
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } catch (failure) {
      setServerError(apiFieldErrors(failure).name ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={label}
          value={name}
          data-autofocus
          required
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
            setServerError(undefined);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={onCancel}>
            {t('wineListEditor.cancel')}
          </Button>
          <Button type="submit" radius="xl" loading={busy} disabled={Boolean(touched && schemaError)}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
