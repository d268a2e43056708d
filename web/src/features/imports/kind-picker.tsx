import { IMPORT_EXTENSIONS, IMPORT_KINDS, IMPORT_LIMITS, IMPORT_MAX_MB, type ImportKind } from '@kork/shared';
import { Alert, Button, Group, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconReceipt,
  IconSparkles,
  IconUpload,
} from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { translateMessage } from '../../lib/form-schema';
import { formatCount } from '../../lib/format-number';
import classes from './imports.module.css';
import { acceptFor, textProblem, uploadProblem } from './upload-checks';

const KIND_ICONS: Record<ImportKind, Icon> = {
  excel: IconFileSpreadsheet,
  invoice: IconReceipt,
  vectura: IconFileTypePdf,
  magic: IconSparkles,
};

/** The four kinds of import, each saying what it takes. */
export function KindPicker({ onPick }: { onPick: (kind: ImportKind) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-kinds-heading">
      <Title order={2} size="h3" id="import-kinds-heading" mb="sm">
        {t('importsPage.kinds.heading')}
      </Title>
      <div className={classes.kinds}>
        {IMPORT_KINDS.map((kind) => {
          const KindIcon = KIND_ICONS[kind];
          return (
            <UnstyledButton
              key={kind}
              className={classes.kind}
              onClick={() => onPick(kind)}
              aria-describedby={`import-kind-${kind}-text`}
            >
              <Text fw={700} className={classes.kindTitle} component="span">
                <KindIcon size={22} stroke={1.6} aria-hidden />
                {t(`importsPage.kinds.${kind}.title`)}
              </Text>
              <Text size="sm" c="gray.8" id={`import-kind-${kind}-text`} component="span">
                {t(`importsPage.kinds.${kind}.text`)}
              </Text>
            </UnstyledButton>
          );
        })}
      </div>
    </section>
  );
}

export type ImportSource = { file: File } | { text: string };

interface UploadPanelProps {
  kind: ImportKind;
  /** Creates the job and sends the file or text; a rejection is shown here. */
  onStart: (source: ImportSource) => Promise<void>;
  onOtherKind: () => void;
  /** What the server said when the last start was refused. */
  failure?: string;
}

/** The file (or, for a magic import, the text) to import, checked before anything is sent. */
export function UploadPanel({ kind, onStart, onOtherKind, failure }: UploadPanelProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function start(source: ImportSource) {
    setBusy(true);
    try {
      await onStart(source);
    } finally {
      setBusy(false);
    }
  }

  function pick(file: File | undefined) {
    if (!file) return;
    const refused = uploadProblem(kind, file);
    setProblem(refused ? translateMessage(refused) : undefined);
    if (!refused) void start({ file });
  }

  return (
    <section aria-labelledby="import-upload-heading">
      <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
        <Title order={2} size="h3" id="import-upload-heading">
          {t(`importsPage.kinds.${kind}.title`)}
        </Title>
        <Button variant="subtle" size="compact-md" onClick={onOtherKind} disabled={busy}>
          {t('importsPage.upload.otherKind')}
        </Button>
      </Group>
      <Stack gap="md">
        <Text size="sm" c="gray.8">
          {t(`importsPage.kinds.${kind}.text`)}
        </Text>
        {kind === 'magic' && <MagicText busy={busy} onRead={(text) => void start({ text })} />}
        <FileDrop kind={kind} busy={busy} onPick={pick} problem={problem} />
        {failure && (
          <Alert color="red.9" variant="outline" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
      </Stack>
    </section>
  );
}

function FileDrop({
  kind,
  busy,
  onPick,
  problem,
}: {
  kind: ImportKind;
  busy: boolean;
  onPick: (file: File | undefined) => void;
  problem?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const types = IMPORT_EXTENSIONS[kind].join(', ');

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!busy) onPick(event.dataTransfer.files[0]);
  }

  return (
    <Stack gap={6}>
      <label
        htmlFor={id}
        className={classes.dropZone}
        data-dragging={dragging || undefined}
        data-disabled={busy || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <IconUpload size={28} stroke={1.5} aria-hidden />
        <Text size="sm" component="span">
          {t(kind === 'magic' ? 'importsPage.upload.dropMagic' : 'importsPage.upload.drop')}
        </Text>
        <span className={classes.chooseFile}>{t('importsPage.upload.choose')}</span>
        <Text size="xs" c="gray.8" component="span" id={`${id}-hint`}>
          {t('importsPage.upload.accepts', { types, max: IMPORT_MAX_MB })}
        </Text>
        <input
          id={id}
          type="file"
          className={classes.fileInput}
          accept={acceptFor(kind)}
          aria-label={t('importsPage.upload.choose')}
          disabled={busy}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            onPick(event.currentTarget.files?.[0]);
            // The same file picked again after a refusal is a change too.
            event.currentTarget.value = '';
          }}
        />
      </label>
      {problem && (
        <Text size="sm" c="red.9" role="alert" id={`${id}-problem`}>
          {problem}
        </Text>
      )}
    </Stack>
  );
}

function MagicText({ busy, onRead }: { busy: boolean; onRead: (text: string) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const problem = textProblem(text);
  const max = IMPORT_LIMITS.maxTextLength;
  const shown =
    problem === 'tooLong'
      ? t('importsPage.magic.tooLong', { max: formatCount(max, locale) })
      : tried && problem === 'required'
        ? translateMessage('required')
        : undefined;

  return (
    <Stack gap="xs">
      <Textarea
        label={t('importsPage.magic.text')}
        description={t('importsPage.magic.textHint')}
        rows={8}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={shown}
        disabled={busy}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c={problem === 'tooLong' ? 'red.9' : 'gray.8'} aria-live="polite">
          {t('importsPage.magic.count', {
            count: text.length,
            length: formatCount(text.length, locale),
            max: formatCount(max, locale),
          })}
        </Text>
        <Button
          radius="xl"
          loading={busy}
          onClick={() => {
            setTried(true);
            if (!problem) onRead(text);
          }}
        >
          {t('importsPage.magic.read')}
        </Button>
      </Group>
      <Text size="sm" c="gray.8">
        {t('importsPage.magic.or')}
      </Text>
    </Stack>
  );
}
