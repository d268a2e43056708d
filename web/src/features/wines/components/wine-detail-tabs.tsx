import type { WineDetail } from '@kork/shared';
import { Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WineCellarTabs } from './wine-cellar-tabs';
import { WineDetails } from './wine-details';

/**
 * A wine's detail tabs: signed-in people get the cellar tabs (pricing, quantity and locations, history,
 * wine list) about their own bottles next to "Details"; visitors see the details alone.
 */
export function WineDetailTabs({
  wine,
  withCellarTabs,
  viewerId,
}: {
  wine: WineDetail;
  withCellarTabs: boolean;
  /** The signed-in person; undefined while the session is still being checked. */
  viewerId: string | undefined;
}) {
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

  // Keyed by wine and viewer: another wine (or person) starts on its own default tab and copy.
  return <WineCellarTabs key={`${wine.id}|${viewerId}`} wine={wine} userId={viewerId} />;
}
