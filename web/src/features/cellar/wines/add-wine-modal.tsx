import type { CellarLocation, CellarWine, CurrencyCode, WineRow } from '@kork/shared';
import { Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CatalogueWineForm } from './catalogue-wine-form';
import { CustomWineForm } from './custom-wine-form';

export interface AddWineModalProps {
  userId: string;
  opened: boolean;
  onClose: () => void;
  /** The wine as the API created it. */
  onAdded: (wine: CellarWine) => void;
  currency: CurrencyCode;
  locations: CellarLocation[];
  /** The location the list is showing: new wines go there unless chosen otherwise. */
  defaultLocation: string | undefined;
  /** A catalogue wine already chosen (its own page): the dialog starts on it, with no custom tab. */
  initialWine?: WineRow;
}

/** "Add wine": from the Kork catalogue or typed in as a custom wine. Full screen on phones. */
export function AddWineModal({ opened, onClose, onAdded, initialWine, ...formProps }: AddWineModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cellarWines.add.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cellarWines.add.close') }}
    >
      {/* Mounted only while open, so every visit starts with empty forms. */}
      {opened && initialWine && (
        <CatalogueWineForm {...formProps} initialWine={initialWine} onAdded={onAdded} />
      )}
      {opened && !initialWine && (
        <Tabs defaultValue="catalogue" keepMounted={false}>
          <Tabs.List aria-label={t('cellarWines.add.tabsLabel')} grow mb="md">
            <Tabs.Tab value="catalogue">{t('cellarWines.add.catalogueTab')}</Tabs.Tab>
            <Tabs.Tab value="custom">{t('cellarWines.add.customTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="catalogue">
            <CatalogueWineForm {...formProps} onAdded={onAdded} />
          </Tabs.Panel>
          <Tabs.Panel value="custom">
            <CustomWineForm {...formProps} onAdded={onAdded} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
