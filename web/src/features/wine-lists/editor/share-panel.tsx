import type { WineListDetail } from '@kork/shared';
import { Button, CopyButton, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { usePatchWineList } from '../api/wine-lists';
import { QrCodeSvg } from '../preview/qr-code';
import classes from './list-editor.module.css';

/** An SVG drawn onto a canvas as a PNG, for the clipboard and the download. */
async function svgToPng(svg: SVGSVGElement, size = 1024): Promise<Blob> {
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Whether the list's public page is open, its address and its QR code. */
export function SharePanel({ userId, detail }: { userId: string; detail: WineListDetail }) {
  const { t } = useTranslation();
  const patch = usePatchWineList(userId, detail.id);
  const svgRef = useRef<SVGSVGElement>(null);
  const canCopyImage = typeof ClipboardItem !== 'undefined' && Boolean(navigator.clipboard?.write);

  return (
    <Stack gap="md">
      <Switch
        label={t('wineListEditor.share.public')}
        description={t('wineListEditor.share.publicHint')}
        checked={detail.isPublic}
        disabled={patch.isPending}
        onChange={(event) => {
          const isPublic = event.currentTarget.checked;
          patch.mutate(
            { isPublic },
            {
              onSuccess: () =>
                notify.success(
                  isPublic ? t('wineListEditor.share.madePublic') : t('wineListEditor.share.madePrivate'),
                ),
              onError: (error) => notify.error(errorMessage(error)),
            },
          );
        }}
      />
      {detail.isPublic ? (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              className={classes.grow}
              label={t('wineListEditor.share.link')}
              value={detail.publicUrl}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={detail.publicUrl}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  radius="xl"
                  onClick={copy}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                >
                  {copied ? t('wineListEditor.share.copied') : t('wineListEditor.share.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="md" align="center" wrap="wrap">
            <div className={classes.qr}>
              <QrCodeSvg
                url={detail.publicUrl}
                size={144}
                label={t('wineListEditor.share.qrLabel')}
                svgRef={svgRef}
              />
            </div>
            <Stack gap="xs">
              {canCopyImage && (
                <Button
                  variant="default"
                  radius="xl"
                  size="sm"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={async () => {
                    if (!svgRef.current) return;
                    try {
                      const png = await svgToPng(svgRef.current);
                      await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
                      notify.success(t('wineListEditor.share.qrCopied'));
                    } catch {
                      notify.error(t('wineListEditor.share.qrCopyFailed'));
                    }
                  }}
                >
                  {t('wineListEditor.share.copyQr')}
                </Button>
              )}
              <Button
                variant="default"
                radius="xl"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={async () => {
                  if (!svgRef.current) return;
                  try {
                    saveBlob(await svgToPng(svgRef.current), `${detail.name} QR.png`);
                  } catch {
                    notify.error(t('wineListEditor.share.qrCopyFailed'));
                  }
                }}
              >
                {t('wineListEditor.share.downloadQr')}
              </Button>
            </Stack>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('wineListEditor.share.privateText')}
        </Text>
      )}
    </Stack>
  );
}
