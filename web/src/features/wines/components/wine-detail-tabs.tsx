import type { WineDetail } from '@kork/shared';
import { Tabs, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WineDetails } from './wine-details';

/** The cellar tabs SPEC lists for a wine, in its order; all but "details" fill in once the cellar lands. */
const CELLAR_TABS = ['pricing', 'quantity', 'history', 'wineList'] as const;

/**
 * A wine's detail tabs: signed-in people get the cellar tabs (pricing, quantity and locations, history,
 * wine list) next to "Details", which opens first; visitors see the details alone.
 */
export function WineDetailTabs({ wine, withCellarTabs }: { wine: WineDetail; withCellarTabs: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();

  if (!withCellarTabs) {
    return (
      <section aria-labelledby={headingId}>
        <Title order={2} size="h3" id={headingId} mb="md">
          {t('wine.tabs.details')}
        </Title>
        <WineDetails wine={wine} />
      </section>
    );
  }

  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List>
        {CELLAR_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {t(`wine.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="details">{t('wine.tabs.details')}</Tabs.Tab>
      </Tabs.List>
      {CELLAR_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          <Text c="dimmed">{t('wine.tabs.notYet', { tab: t(`wine.tabs.${tab}`) })}</Text>
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="details" pt="md">
        <WineDetails wine={wine} />
      </Tabs.Panel>
    </Tabs>
  );
}
