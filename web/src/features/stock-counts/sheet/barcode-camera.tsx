import { Alert, Button, Modal, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../stock-counts.module.css';

/** The part of the Barcode Detection API this screen uses (not in TypeScript's DOM library yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** Whether this browser can read barcodes from the camera (Chrome on Android, among others). */
export function cameraScanSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    detectorClass() !== undefined &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf'];
const SCAN_EVERY_MS = 250;

/** A camera view that reads the first barcode it sees and hands its digits back. */
export function BarcodeCamera({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    setFailed(false);
    const detector = new Detector({ formats: FORMATS });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        timer = setInterval(() => {
          const source = video.current;
          if (!source || source.readyState < 2) return;
          void detector
            .detect(source)
            .then((found) => {
              const code = found[0]?.rawValue;
              if (code && !stopped) {
                stopped = true;
                onCode(code);
              }
            })
            .catch(() => undefined);
        }, SCAN_EVERY_MS);
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened, onCode]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('stockCounts.sheet.cameraTitle')} centered>
      <Stack gap="sm">
        {failed ? (
          <Alert color="red" variant="light">
            {t('stockCounts.sheet.cameraFailed')}
          </Alert>
        ) : (
          <video ref={video} className={classes.video} playsInline muted />
        )}
        <Button variant="default" radius="xl" onClick={onClose}>
          {t('stockCounts.sheet.cameraClose')}
        </Button>
      </Stack>
    </Modal>
  );
}
