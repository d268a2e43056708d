import { POS_LIMITS, type PosKey, type PosKeyCreated, PosKeyInput } from '@kork/shared';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { useCreatePosKey, usePosKeys, useRevokePosKey, useRotatePosKey } from './api/pos';
import classes from './pos-section.module.css';

function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale() === 'nb' ? 'nb-NO' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A value with its copy button, in a type that tells `l` from `1`. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <code className={classes.code}>{value}</code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="outline"
              radius="xl"
              onClick={copy}
              aria-label={`${t('posPage.copy')}: ${label}`}
            >
              {copied ? t('posPage.copied') : t('posPage.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** The key id and the secret, shown this once: closing the modal forgets the secret. */
function SecretModal({ created, onClose }: { created: PosKeyCreated | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== undefined}
      onClose={onClose}
      title={created ? t('posPage.keys.secretTitle', { name: created.name }) : ''}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('posPage.keys.close') }}
    >
      {created && (
        <Stack gap="md">
          <Alert color="red.9" variant="outline" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text size="sm" fw={700}>
              {t('posPage.keys.secretWarning')}
            </Text>
          </Alert>
          <Text size="sm">{t('posPage.keys.secretHint')}</Text>
          <CopyField label={t('posPage.keys.keyId')} value={created.id} />
          <CopyField label={t('posPage.keys.secret')} value={created.secret} />
          <Group justify="flex-end">
            <Button radius="xl" onClick={onClose}>
              {t('posPage.keys.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const validateName = schemaValidator(PosKeyInput);

function CreateKeyModal({
  opened,
  onClose,
  onCreated,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: PosKeyCreated) => void;
  userId: string;
}) {
  const { t } = useTranslation();
  const create = useCreatePosKey(userId);
  const form = useForm<{ name: string }>({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: validateName,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ name: values.name.trim() });
      form.reset();
      onCreated(created);
    } catch (error) {
      form.setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('posPage.keys.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('posPage.keys.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('posPage.keys.name')}
            description={t('posPage.keys.nameHint')}
            required
            maxLength={POS_LIMITS.keyNameMax}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('posPage.keys.cancel')}
            </Button>
            <Button type="submit" radius="xl" loading={form.submitting}>
              {t('posPage.keys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Pending = { action: 'rotate' | 'revoke'; key: PosKey };

/** The cellar's POS keys: create one (its secret shown once), rotate its secret, or revoke it. */
export function PosKeysPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const keys = usePosKeys(userId);
  const rotate = useRotatePosKey(userId);
  const revoke = useRevokePosKey(userId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PosKeyCreated>();
  const [pending, setPending] = useState<Pending>();
  const rows = keys.data ?? [];
  const full = rows.length >= POS_LIMITS.keysMax;

  return (
    <section className={classes.section} aria-labelledby="pos-keys-heading">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={3} size="h4" id="pos-keys-heading" className={classes.heading}>
          {t('posPage.keys.title')}
        </Title>
        <Button
          radius="xl"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!keys.data || full}
          onClick={() => setCreating(true)}
        >
          {t('posPage.keys.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('posPage.keys.intro')}
      </Text>
      {keys.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={52} />
          <Skeleton height={52} />
        </Stack>
      )}
      {keys.isError && (
        <Stack align="flex-start" gap="xs" role="alert">
          <Text size="sm">{errorMessage(keys.error)}</Text>
          <Button size="compact-sm" variant="outline" radius="xl" onClick={() => void keys.refetch()}>
            {t('posPage.retry')}
          </Button>
        </Stack>
      )}
      {keys.data && rows.length === 0 && <Text size="sm">{t('posPage.keys.empty')}</Text>}
      {full && (
        <Text size="sm" c="red.9" mb="sm" role="status">
          {t('posPage.keys.full', { max: POS_LIMITS.keysMax })}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.list} aria-label={t('posPage.keys.listLabel')}>
          {rows.map((key) => (
            <li key={key.id} className={classes.row}>
              <IconKey size={20} aria-hidden className={classes.rowIcon} />
              <div className={classes.grow}>
                <Text size="sm" fw={600} className={classes.wrap}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {key.id}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('posPage.keys.created', { date: formatMoment(key.createdAt) })} ·{' '}
                  {key.lastUsedAt
                    ? t('posPage.keys.lastUsed', { date: formatMoment(key.lastUsedAt) })
                    : t('posPage.keys.neverUsed')}
                </Text>
              </div>
              <Group gap="xs" className={classes.rowActions}>
                <Button
                  size="compact-sm"
                  variant="outline"
                  radius="xl"
                  aria-label={t('posPage.keys.rotateAria', { name: key.name })}
                  onClick={() => setPending({ action: 'rotate', key })}
                >
                  {t('posPage.keys.rotate')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  radius="xl"
                  aria-label={t('posPage.keys.revokeAria', { name: key.name })}
                  onClick={() => setPending({ action: 'revoke', key })}
                >
                  {t('posPage.keys.revoke')}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}

      <CreateKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        userId={userId}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <SecretModal created={created} onClose={() => setCreated(undefined)} />
      <ConfirmModal
        opened={pending !== undefined}
        onClose={() => setPending(undefined)}
        title={pending?.action === 'rotate' ? t('posPage.keys.rotateTitle') : t('posPage.keys.revokeTitle')}
        confirmLabel={
          pending?.action === 'rotate' ? t('posPage.keys.rotateConfirm') : t('posPage.keys.revokeConfirm')
        }
        onConfirm={async () => {
          if (!pending) return;
          if (pending.action === 'rotate') {
            const rotated = await rotate.mutateAsync(pending.key.id);
            setPending(undefined);
            setCreated({ ...pending.key, ...rotated });
          } else {
            await revoke.mutateAsync(pending.key.id);
            setPending(undefined);
            notify.success(t('posPage.keys.revoked'));
          }
        }}
      >
        <Text size="sm">
          {pending?.action === 'rotate'
            ? t('posPage.keys.rotateText', { name: pending.key.name })
            : t('posPage.keys.revokeText', { name: pending?.key.name ?? '' })}
        </Text>
      </ConfirmModal>
    </section>
  );
}
