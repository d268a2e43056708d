import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { downloadPosFeedCsv, getPosFeed } from './api/pos';
import { CopyField } from './pos-keys-panel';
import classes from './pos-section.module.css';

/** A compact sale event as the till sends it: one bottle and two glasses. */
const EXAMPLE = `{
  "posTransactionId": "bar-1-000123",
  "soldAt": "2025-06-01T21:14:00+02:00",
  "lines": [
    { "productId": "B-…", "quantity": 1, "unitPrice": 69000 },
    { "productId": "G-…", "quantity": 2, "unitPrice": 14500 }
  ]
}`;

const HEADERS = `x-api-key: <key id>
X-Kork-Signature: sha256=<HMAC-SHA256 of the body>
Content-Type: application/json`;

/** Where the till reads products and sends sales, how it signs, and the feed as a file for the owner. */
export function PosConnectPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<'csv' | 'json'>();
  const origin = window.location.origin;

  async function download(format: 'csv' | 'json') {
    setDownloading(format);
    try {
      const name = t('posPage.connect.fileName');
      if (format === 'csv') {
        await downloadPosFeedCsv(userId, `${name}.csv`);
      } else {
        const feed = await getPosFeed(userId);
        saveBlob(new Blob([JSON.stringify(feed, null, 2)], { type: 'application/json' }), `${name}.json`);
      }
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDownloading(undefined);
    }
  }

  return (
    <section className={classes.section} aria-labelledby="pos-connect-heading">
      <Title order={3} size="h4" id="pos-connect-heading" mb={4}>
        {t('posPage.connect.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('posPage.connect.intro')}
      </Text>
      <Stack gap="md">
        <CopyField label={t('posPage.connect.feedJson')} value={`${origin}/api/pos/products?format=json`} />
        <CopyField label={t('posPage.connect.feedCsv')} value={`${origin}/api/pos/products?format=csv`} />
        <CopyField label={t('posPage.connect.salesUrl')} value={`${origin}/api/pos/sales`} />
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('posPage.connect.headers')}
          </Text>
          <pre className={classes.pre}>{HEADERS}</pre>
          <Text size="xs" c="dimmed" mt={4}>
            {t('posPage.connect.signature')}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('posPage.connect.example')}
          </Text>
          <pre className={classes.pre}>{EXAMPLE}</pre>
          <Text size="xs" c="dimmed" mt={4}>
            {t('posPage.connect.exampleHint')}
          </Text>
        </div>
        <Group gap="xs" role="group" aria-label={t('posPage.connect.download')}>
          {(['csv', 'json'] as const).map((format) => (
            <Button
              key={format}
              size="compact-md"
              variant="outline"
              radius="xl"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={downloading === format}
              disabled={downloading !== undefined}
              onClick={() => void download(format)}
            >
              {format === 'csv' ? t('posPage.connect.downloadCsv') : t('posPage.connect.downloadJson')}
            </Button>
          ))}
        </Group>
      </Stack>
    </section>
  );
}
