import { Button } from '@mantine/core';
import { IconEyePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './wine-feed.module.css';

export interface SearchOutcomeProps {
  /** The search text, '' for none. */
  search: string;
  /** Whether only wines with an expert rating are listed (the filter's default). */
  expertOnly: boolean;
  /** How many more wines the text finds without an expert rating. */
  withoutExpertRating: number;
  hasFilters: boolean;
  onIncludeUnrated: () => void;
  onClear: () => void;
  formatNumber: (count: number) => string;
}

/**
 * The one tap that lists the wines a search found but the expert-rated default left out: "3 more wines
 * without expert ratings", above the list.
 */
export function UnratedMatches({
  withoutExpertRating,
  onIncludeUnrated,
  formatNumber,
}: Pick<SearchOutcomeProps, 'withoutExpertRating' | 'onIncludeUnrated' | 'formatNumber'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      color="wine"
      radius="xl"
      size="sm"
      classNames={{ root: classes.unrated, label: classes.unratedLabel }}
      leftSection={<IconEyePlus size={16} aria-hidden />}
      onClick={onIncludeUnrated}
    >
      {t('wineSearch.unratedMore', {
        count: withoutExpertRating,
        formatted: formatNumber(withoutExpertRating),
      })}
    </Button>
  );
}

/**
 * An empty list, saying why: the text matched nothing, or only wines without an expert rating, which
 * the expert-rated default leaves out (and then one tap lists them), or the filters left nothing.
 */
export function EmptyResults(props: SearchOutcomeProps) {
  const { t } = useTranslation();
  const { search, expertOnly, withoutExpertRating, hasFilters, onClear, formatNumber } = props;
  const hidden = expertOnly && withoutExpertRating > 0;
  const title = hidden
    ? t('wineSearch.emptyExpertTitle', { text: search })
    : search
      ? t('wineSearch.emptySearchTitle', { text: search })
      : t('wineSearch.emptyTitle');
  const text = hidden
    ? t('wineSearch.emptyExpertText', {
        count: withoutExpertRating,
        formatted: formatNumber(withoutExpertRating),
      })
    : search
      ? t('wineSearch.emptySearchText')
      : expertOnly
        ? t('wineSearch.emptyExpertOnly')
        : t('wineSearch.emptyText');
  return (
    <div className={classes.empty} data-testid="wine-feed-empty">
      <p className={classes.emptyTitle}>{title}</p>
      <p className={classes.emptyText}>{text}</p>
      <div className={classes.emptyActions}>
        {hidden && <UnratedMatches {...props} />}
        {hasFilters && (
          <Button onClick={onClear} radius="xl" variant={hidden ? 'default' : 'filled'}>
            {t('wineSearch.clearFilters')}
          </Button>
        )}
      </div>
    </div>
  );
}
