import { foldText } from '@kork/shared';
import { Checkbox, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './wine-filters.module.css';

export interface FacetOption {
  id: string;
  label: string;
  /** Wines with this value among the current results; `null` for a chosen value the answer no longer has. */
  count: number | null;
}

/** How many values show before "Show more". */
export const FACET_PREVIEW = 8;
/** Beyond this many, searching is the way to find a value (keeps long lists light on a phone). */
const FACET_MAX_SHOWN = 100;

interface FacetGroupProps {
  legend: string;
  searchLabel: string;
  options: FacetOption[];
  selected: readonly string[];
  onToggle: (id: string) => void;
}

/** One filter as a searchable list of checkboxes with counts, its most common values first. */
export function FacetGroup({ legend, searchLabel, options, selected, onToggle }: FacetGroupProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage), [i18n.resolvedLanguage]);

  const matching = useMemo(() => {
    const folded = foldText(query.trim());
    return folded ? options.filter((option) => foldText(option.label).includes(folded)) : options;
  }, [options, query]);

  const shown = useMemo(() => {
    if (expanded || query.trim()) return matching.slice(0, FACET_MAX_SHOWN);
    // The most common values, and whatever is chosen even when it is further down the list.
    return matching.filter((option, index) => index < FACET_PREVIEW || selected.includes(option.id));
  }, [expanded, matching, query, selected]);

  const hidden = matching.length - shown.length;

  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{legend}</legend>
      {options.length > FACET_PREVIEW && (
        <TextInput
          size="xs"
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={14} aria-hidden />}
          className={classes.groupSearch}
        />
      )}
      <div id={listId} className={classes.options}>
        {shown.map((option) => (
          <Checkbox
            key={option.id}
            size="sm"
            checked={selected.includes(option.id)}
            onChange={() => onToggle(option.id)}
            classNames={{ body: classes.optionBody, labelWrapper: classes.optionLabelWrapper }}
            label={
              <span className={classes.optionLabel}>
                <span className={classes.optionName}>{option.label}</span>
                {option.count !== null && (
                  <span className={classes.count}>{numbers.format(option.count)}</span>
                )}
              </span>
            }
          />
        ))}
        {shown.length === 0 && <p className={classes.noMatch}>{t('wineSearch.noMatchingValues')}</p>}
      </div>
      {hidden > 0 && !query.trim() && !expanded && (
        <UnstyledButton
          className={classes.more}
          onClick={() => setExpanded(true)}
          aria-expanded={false}
          aria-controls={listId}
        >
          {t('wineSearch.showMore', { count: hidden })}
        </UnstyledButton>
      )}
      {expanded && !query.trim() && matching.length > FACET_PREVIEW && (
        <UnstyledButton
          className={classes.more}
          onClick={() => setExpanded(false)}
          aria-expanded
          aria-controls={listId}
        >
          {t('wineSearch.showLess')}
        </UnstyledButton>
      )}
      {hidden > 0 && (expanded || query.trim()) && (
        <p className={classes.noMatch}>{t('wineSearch.refineSearch', { count: hidden })}</p>
      )}
    </fieldset>
  );
}
