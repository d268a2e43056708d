import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../lib/query-client';
import { PosConnectPanel } from './pos-connect-panel';
import { PosImportPanel } from './pos-import-panel';
import { PosKeysPanel } from './pos-keys-panel';
import { PosMappingPanel } from './pos-mapping-panel';
import classes from './pos-section.module.css';

/**
 * The till (POS) in the cellar's settings (docs/pos.md): the keys a till signs in with, how to connect it,
 * a till's sales export to import, and the till product ids that still need a cellar product. Loaded
 * lazily with the settings of a business cellar.
 */
export default function PosSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <div className={classes.root} id="till">
        <header className={classes.intro}>
          <Title order={2} className={classes.title}>
            {t('posPage.title')}
          </Title>
          <Text c="dimmed">{t('posPage.intro')}</Text>
        </header>
        <PosKeysPanel userId={userId} />
        <PosConnectPanel userId={userId} />
        <PosImportPanel userId={userId} />
        <PosMappingPanel userId={userId} />
      </div>
    </QueryProvider>
  );
}
