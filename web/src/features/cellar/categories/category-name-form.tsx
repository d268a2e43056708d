import { CategoryInput, treeNameKey } from '@kork/shared';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';

interface CategoryNameFormProps {
  label: string;
  submitLabel: string;
  /** Rejects with the API's error, whose field messages are shown on the name. */
  onSubmit: (name: string) => Promise<void>;
  initialName?: string;
  placeholder?: string;
  /** Shown as a second button; Escape in the field does the same. */
  cancel?: { label: string; onCancel: () => void };
  /**
   * Names the categories beside this one already have (same parent): the same name is refused before it
   * is sent, compared as the API compares them (case, accents and extra spaces aside).
   */
  takenNames?: readonly string[];
  /** Label shown to the eye; inline forms in a row keep it for screen readers only. */
  hideLabel?: boolean;
  autoFocus?: boolean;
}

/** A category's name, checked with the API's own rule: for adding one, or renaming one in place. */
export function CategoryNameForm({
  label,
  submitLabel,
  onSubmit,
  initialName = '',
  placeholder,
  cancel,
  hideLabel = false,
  autoFocus = false,
  takenNames = [],
}: CategoryNameFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialName },
    validate: (values: { name: string }) => {
      const errors = schemaErrors(CategoryInput, { name: values.name });
      if (errors.name) return errors;
      const key = treeNameKey(values.name);
      const taken = takenNames.some((other) => treeNameKey(other) === key);
      return taken ? { name: translateMessage('categoryNameTaken') } : {};
    },
  });

  const submit = form.onSubmit(async ({ name }) => {
    try {
      await onSubmit(name.trim());
      form.reset();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.name) form.setErrors({ name: fields.name });
      else notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          placeholder={placeholder}
          autoFocus={autoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && cancel) cancel.onCancel();
          }}
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps('name')}
        />
        <Group gap="xs" wrap="nowrap" mt={hideLabel ? 0 : 25}>
          <Button type="submit" radius="xl" loading={form.submitting}>
            {submitLabel}
          </Button>
          {cancel && (
            <Button variant="subtle" color="gray" radius="xl" onClick={cancel.onCancel}>
              {cancel.label}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
