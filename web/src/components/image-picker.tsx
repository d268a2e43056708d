import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/form-schema';
import { IMAGE_ACCEPT, imageFileProblem } from '../lib/image-file';
import classes from './image-picker.module.css';

interface ImagePickerProps {
  label: string;
  /** A picture chosen here and not yet sent. */
  file: File | null;
  /** The picture the account has now (already an address the browser can load). */
  currentSrc?: string | undefined;
  /** Called with a picture that passed the upload rule, or `null` when it is removed. */
  onChange: (file: File | null) => void;
  /** `round` for a person, `logo` for a square mark, `cover` for a wide photo. */
  shape?: 'round' | 'logo' | 'cover';
  error?: string | undefined;
  /** While the picture is being uploaded. */
  busy?: boolean;
  /** Offer to take the chosen picture back (before it is sent). */
  removable?: boolean;
}

/**
 * Choose a picture, see it before it is sent. The upload rule (images only, at most 50 MB, SPEC §5) is
 * checked at once with the API's own message, so nobody waits for an upload that would be refused.
 */
export function ImagePicker({
  label,
  file,
  currentSrc,
  onChange,
  shape = 'round',
  error,
  busy = false,
  removable = true,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<string>();

  // An object URL holds the file in memory until revoked: one per chosen file, freed when it changes.
  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentSrc;
  const message = problem ?? error;

  return (
    <Input.Wrapper label={label} id={id} error={message} className={classes.root}>
      <Group gap="sm" align="center" wrap="wrap" mt={6}>
        <div className={classes.preview} data-shape={shape}>
          {shown ? (
            <img src={shown} alt={t('imagePicker.preview', { label })} className={classes.image} />
          ) : (
            <IconPhoto size={28} stroke={1.4} aria-hidden className={classes.placeholder} />
          )}
        </div>
        <Group gap="xs">
          <FileButton
            accept={IMAGE_ACCEPT}
            onChange={(chosen) => {
              if (!chosen) return;
              const issue = imageFileProblem(chosen);
              setProblem(issue ? translateMessage(issue) : undefined);
              if (!issue) onChange(chosen);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                radius="xl"
                size="sm"
                loading={busy}
                leftSection={<IconCamera size={16} aria-hidden />}
                aria-describedby={`${id}-hint`}
              >
                {shown ? t('imagePicker.change') : t('imagePicker.choose')}
              </Button>
            )}
          </FileButton>
          {removable && file && (
            <Button
              variant="subtle"
              color="gray"
              radius="xl"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setProblem(undefined);
                onChange(null);
              }}
            >
              {t('imagePicker.remove')}
            </Button>
          )}
        </Group>
      </Group>
      <Text id={`${id}-hint`} size="xs" c="dimmed" mt={6}>
        {t('imagePicker.hint')}
      </Text>
    </Input.Wrapper>
  );
}
