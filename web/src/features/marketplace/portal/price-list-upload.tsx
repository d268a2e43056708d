import { MARKETPLACE_LIMITS, type PriceListBasis, type PriceListUploadReport } from '@kork/shared';
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { errorMessage } from '../../../lib/form-schema';
import { useImportPriceList } from './portal-queries';
import { dutiesAddedText } from './price-basis';

/** Lines of the report shown; the count says how many more there are. */
const SKIPPED_SHOWN = 50;

/**
 * A spreadsheet's text: UTF-8, or the Windows encoding Excel saves a Norwegian "CSV (semikolonseparert)"
 * in, whose æ, ø and å are not UTF-8.
 */
async function readCsv(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

/** Upload of a price list CSV (its prices with or without duties), and what it changed and skipped. */
export function PriceListUpload({ prices }: { prices: PriceListBasis }) {
  const { t } = useTranslation();
  const upload = useImportPriceList();
  const [report, setReport] = useState<PriceListUploadReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    setReport(null);
    setProblem(null);
    if (file.size > MARKETPLACE_LIMITS.priceListCsvMaxBytes) {
      setProblem(
        t('supplierPortal.upload.tooLarge', { max: MARKETPLACE_LIMITS.priceListCsvMaxBytes / 1024 / 1024 }),
      );
      return;
    }
    upload.mutate(
      { csv: await readCsv(file), prices },
      {
        onSuccess: setReport,
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="center" wrap="wrap">
        <FileButton onChange={(file) => void send(file)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileUpload size={18} aria-hidden />}
              loading={upload.isPending}
            >
              {t('supplierPortal.upload.button')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('supplierPortal.upload.hint')}
        </Text>
      </Group>
      {problem && (
        <Alert color="red.9" variant="outline" role="alert">
          {problem}
        </Alert>
      )}
      {report && (
        <Alert
          color="teal.9"
          variant="outline"
          title={t('supplierPortal.upload.updated', { count: report.updated })}
          role="status"
        >
          {report.duties && (
            <Text size="sm" data-testid="duties-added">
              {dutiesAddedText(t, report.duties, currentLocale())}
            </Text>
          )}
          {report.skipped.length === 0 ? (
            <Text size="sm">{t('supplierPortal.upload.noneSkipped')}</Text>
          ) : (
            <>
              <Text size="sm">{t('supplierPortal.upload.skipped', { count: report.skipped.length })}</Text>
              <ul data-testid="skipped-lines">
                {report.skipped.slice(0, SKIPPED_SHOWN).map((line) => (
                  <li key={line.line}>
                    <Text size="sm">
                      {t('supplierPortal.upload.line', {
                        line: line.line,
                        reason: t(`supplierPortal.upload.reasons.${line.reason}`),
                      })}
                    </Text>
                  </li>
                ))}
              </ul>
              {report.skipped.length > SKIPPED_SHOWN && (
                <Text size="sm">
                  {t('supplierPortal.upload.more', { count: report.skipped.length - SKIPPED_SHOWN })}
                </Text>
              )}
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
}
