import { type GlobalSearchResult, SEARCH_KINDS, type SearchHit } from '@kork/shared';
import { Combobox, Loader, Modal, useCombobox } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { wineImageSources } from '../../lib/wine-image';
import { globalSearchQuery } from './api/global-search-query';
import classes from './global-search.module.css';
import triggerClasses from './global-search-trigger.module.css';
import {
  GLOBAL_SEARCH_MAX_LENGTH,
  globalSearchProblem,
  lengthLimitNote,
  searchRefusal,
} from './search-rules';
import { feedSearchPath, searchHitPath } from './search-targets';

const SEARCH_DELAY_MS = 250;
/** Fewer letters than this find too much to be useful; Enter still searches the feed. */
export const MIN_QUERY_LENGTH = 2;
const ALL_WINES = '__all__';

type Status = 'idle' | 'loading' | 'done' | 'error';

/** The answer's groups in SPEC order, empty ones left out. */
function orderedGroups(result: GlobalSearchResult | null): { kind: SearchHit['kind']; hits: SearchHit[] }[] {
  if (!result) return [];
  return SEARCH_KINDS.flatMap((kind) => {
    const hits = result.groups.filter((group) => group.kind === kind).flatMap((group) => group.hits);
    return hits.length > 0 ? [{ kind, hits }] : [];
  });
}

function optionValue(hit: SearchHit): string {
  return `${hit.kind}:${hit.id}`;
}

interface GlobalSearchBoxProps {
  /** What was typed into the stand-in before the search arrived. */
  initialText?: string;
  autoFocus?: boolean;
  /** In the phone dialog: the results list fills the dialog instead of floating. */
  inDialog?: boolean;
  /** Called after a result (or the feed search) was chosen. */
  onDone?: () => void;
}

/**
 * Search across Kork: wines, categories, places, grapes, producers, experts, events and tasting
 * locations, grouped by kind. Arrow keys move through the results, Enter opens the chosen one, and
 * Enter with nothing chosen searches the feed for the text.
 */
export function GlobalSearchBox({
  initialText = '',
  autoFocus = false,
  inDialog = false,
  onDone,
}: GlobalSearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  useLayoutEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const query = text.trim();
  // A text the API would refuse (too long, broken characters) is not sent; the field says why instead.
  const problem = globalSearchProblem(query);
  const searchable = query.length >= MIN_QUERY_LENGTH && problem === undefined;
  const note = problem ?? lengthLimitNote(query, GLOBAL_SEARCH_MAX_LENGTH);

  // The results follow the text a quarter of a second after typing stops; an older request is dropped.
  // A text that cannot be searched clears them at once.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!searchable) {
      setAsked('');
      return;
    }
    const timer = setTimeout(() => setAsked(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, searchable]);
  /** What the list shows now: kept while the next text's results load, gone on a failure. */
  const shown = useRef<GlobalSearchResult | undefined>(undefined);
  // The app's one query client, named here: the search opens in the navbar, outside any page's provider.
  const answer = useQuery({ ...globalSearchQuery(asked), placeholderData: () => shown.current }, queryClient);
  const active = searchable && asked !== '';
  const status: Status = !active
    ? 'idle'
    : answer.isFetching
      ? 'loading'
      : answer.isError
        ? 'error'
        : answer.isSuccess
          ? 'done'
          : 'idle';
  const result = active && status !== 'error' ? (answer.data ?? null) : null;
  shown.current = result ?? undefined;
  /** Why the last search failed: the API's refusal, or nothing to say but "not available". */
  const failure: unknown = answer.error;

  const groups = useMemo(() => orderedGroups(result), [result]);
  const hits = useMemo(
    () => new Map(groups.flatMap((g) => g.hits.map((hit) => [optionValue(hit), hit]))),
    [groups],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changed, so no option stays chosen.
  useEffect(() => {
    combobox.resetSelectedOption();
  }, [groups]);

  const go = (path: string) => {
    combobox.closeDropdown();
    setText('');
    inputRef.current?.blur();
    navigate(path);
    onDone?.();
  };

  const onOptionSubmit = (value: string) => {
    if (value === ALL_WINES) {
      go(feedSearchPath(query));
      return;
    }
    const hit = hits.get(value);
    if (hit) go(searchHitPath(hit));
  };

  const statusText =
    problem ??
    (status === 'loading'
      ? t('globalSearch.loading')
      : status === 'error'
        ? (searchRefusal(failure) ?? t('globalSearch.error'))
        : status === 'done' && groups.length === 0
          ? t('globalSearch.empty', { query })
          : '');
  // At the bound (and not past it) the results still show; the note says why the field takes no more.
  const limitNote = problem === undefined ? note : undefined;
  const describedBy = [statusText && statusId, limitNote && `${statusId}-limit`].filter(Boolean).join(' ');

  const options = (
    <>
      {groups.map((group) => (
        <Combobox.Group key={group.kind} label={t(`globalSearch.groups.${group.kind}`)}>
          {group.hits.map((hit) => (
            <Combobox.Option key={optionValue(hit)} value={optionValue(hit)} className={classes.option}>
              {hit.kind === 'wine' || hit.imageUrl ? (
                <img
                  {...wineImageSources(hit.imageUrl, 24, hit.mainCategoryId)}
                  alt=""
                  width={24}
                  height={32}
                  loading="lazy"
                  className={classes.thumb}
                />
              ) : (
                <span className={classes.thumbSpace} aria-hidden="true" />
              )}
              <span className={classes.optionText}>
                <span className={classes.optionName}>{hit.name}</span>
                {hit.detail && <span className={classes.optionDetail}>{hit.detail}</span>}
              </span>
            </Combobox.Option>
          ))}
        </Combobox.Group>
      ))}
      {searchable && (
        <Combobox.Option value={ALL_WINES} className={classes.allOption}>
          <IconSearch size={16} aria-hidden />
          <span>{t('globalSearch.allWines', { query })}</span>
        </Combobox.Option>
      )}
    </>
  );

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={onOptionSubmit}
      position="bottom-end"
      width={inDialog ? 'target' : 'min(440px, 92vw)'}
      withinPortal={!inDialog}
      offset={6}
      shadow="md"
      radius="md"
      classNames={{ groupLabel: classes.groupLabel }}
    >
      <span className={triggerClasses.fieldWrap} data-in-dialog={inDialog || undefined}>
        <IconSearch size={16} aria-hidden className={triggerClasses.fieldIcon} />
        <Combobox.Target withExpandedAttribute>
          <input
            ref={inputRef}
            type="search"
            className={inDialog ? classes.dialogField : triggerClasses.field}
            aria-label={t('globalSearch.label')}
            aria-describedby={describedBy || undefined}
            aria-invalid={problem !== undefined || undefined}
            maxLength={GLOBAL_SEARCH_MAX_LENGTH}
            placeholder={t('globalSearch.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            data-kork-global-search={inDialog ? undefined : ''}
            data-autofocus={inDialog || undefined}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onFocus={() => {
              if (searchable || problem) combobox.openDropdown();
            }}
            onClick={() => {
              if (searchable || problem) combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter with no result chosen searches the feed; with one chosen, the list opens it.
              if (event.key === 'Enter' && query && combobox.getSelectedOptionIndex() === -1) {
                event.preventDefault();
                if (problem === undefined) go(feedSearchPath(query));
              }
            }}
          />
        </Combobox.Target>
      </span>

      <Combobox.Dropdown
        hidden={!searchable && problem === undefined}
        className={classes.dropdown}
        data-in-dialog={inDialog || undefined}
      >
        {statusText && (
          <div
            id={statusId}
            className={classes.status}
            role="status"
            data-problem={problem !== undefined || status === 'error' || undefined}
          >
            {status === 'loading' && !problem && <Loader size={14} color="wine.7" aria-hidden />}
            <span>{statusText}</span>
          </div>
        )}
        {limitNote && (
          <div id={`${statusId}-limit`} className={classes.status}>
            <span>{limitNote}</span>
          </div>
        )}
        <Combobox.Options aria-label={t('globalSearch.results')} className={classes.options}>
          {options}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The search on phones and tablets: a dialog with the field on top and the results under it. */
export function GlobalSearchDialog({
  opened,
  onClose,
  initialText = '',
}: {
  opened: boolean;
  onClose: () => void;
  /** What was typed between pressing the search button and the dialog arriving. */
  initialText?: string;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 59.99em)', true, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('globalSearch.title')}
      fullScreen={phone}
      size="lg"
      yOffset="10dvh"
      closeButtonProps={{ 'aria-label': t('globalSearch.close') }}
      classNames={{ title: classes.dialogTitle, body: classes.dialogBody }}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      {opened && <GlobalSearchBox inDialog autoFocus initialText={initialText} onDone={onClose} />}
    </Modal>
  );
}
