import type { CurrencyCode, HistoryEntry } from '@kork/shared';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './cellar-history-page.module.css';
import { HistoryActionBadge } from './history-action-badge';
import { HistoryChange } from './history-change';
import { formatDateTime } from './history-format';

interface HistoryCardsProps {
  entries: HistoryEntry[];
  locationNames: ReadonlyMap<string, string>;
  baseCurrency: CurrencyCode | undefined;
  /** What can be done with an entry, under its change (a price an apply set can be restored). */
  actions?: (entry: HistoryEntry) => ReactNode;
  /** What the list is, read out with it, e.g. "Cellar history, page 1 of 3". */
  label: string;
  locale: string | undefined;
}

/** The history on a phone: one card per entry with what happened, to which wine, the change and when. */
export function HistoryCards({
  entries,
  locationNames,
  baseCurrency,
  label,
  locale,
  actions,
}: HistoryCardsProps) {
  return (
    <ul className={classes.cards} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className={classes.card}>
          <div className={classes.cardHead}>
            <HistoryActionBadge action={entry.action} />
            <Text span size="xs" c="dimmed" className={classes.nowrap}>
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
            </Text>
          </div>
          <Text size="sm" fw={600} className={classes.cardWine}>
            {entry.wineDisplayName}
          </Text>
          <HistoryChange entry={entry} locationNames={locationNames} baseCurrency={baseCurrency} />
          {actions?.(entry)}
          <Text size="xs" c="dimmed">
            {entry.actorName}
          </Text>
        </li>
      ))}
    </ul>
  );
}
