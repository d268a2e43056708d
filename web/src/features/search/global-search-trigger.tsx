import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { commonStyles, withStyles } from '../../app/styles/component-styles';
import classes from './global-search-trigger.module.css';
import { feedSearchPath } from './search-targets';

type SearchModule = typeof import('./global-search');

let pending: Promise<SearchModule> | undefined;
/** The search itself (results, keyboard list, phone dialog) is its own chunk, fetched on first interest. */
function loadSearch(): Promise<SearchModule> {
  pending ??= withStyles(commonStyles, () => import('./global-search'))().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The navbar's search: a plain field on wide screens and a button that opens a search dialog on
 * phones and tablets. Only this light stand-in is in the first page load; the search takes over once a pointer,
 * a finger or the keyboard comes near it, keeping what was typed and the focus.
 */
export function GlobalSearchTrigger({ transparent }: { transparent: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [search, setSearch] = useState<SearchModule | null>(null);
  const [text, setText] = useState('');
  const [focusOnMount, setFocusOnMount] = useState(false);
  const [dialogOpened, setDialogOpened] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prepare = () => {
    if (search) return;
    loadSearch().then(
      (module) => {
        setFocusOnMount(document.activeElement === fieldRef.current);
        setSearch(module);
      },
      () => {},
    );
  };

  const openDialog = () => {
    prepare();
    setDialogOpened(true);
  };

  // "/" or Ctrl/⌘+K jumps to the search from anywhere on the page.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const shortcut =
        (event.key === '/' && !isTypingTarget(event.target)) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey));
      if (!shortcut || event.defaultPrevented) return;
      const field = document.querySelector<HTMLInputElement>('[data-kork-global-search]');
      if (field && field.offsetParent !== null) {
        event.preventDefault();
        field.focus();
      } else if (buttonRef.current && buttonRef.current.offsetParent !== null) {
        event.preventDefault();
        openDialog();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  // Letters typed right after pressing the button, before the dialog is there, are kept for it.
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!dialogOpened || search || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) {
      event.preventDefault();
      setText((current) => current + event.key);
    } else if (event.key === 'Backspace') {
      setText((current) => current.slice(0, -1));
    }
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter before the search has arrived still searches the feed.
    if (event.key === 'Enter' && text.trim()) navigate(feedSearchPath(text));
  };

  const Box = search?.GlobalSearchBox;
  const Dialog = search?.GlobalSearchDialog;

  return (
    <div className={classes.root} data-transparent={transparent || undefined}>
      <div className={classes.wide}>
        {Box ? (
          <Box initialText={text} autoFocus={focusOnMount} />
        ) : (
          <span className={classes.fieldWrap}>
            <IconSearch size={16} aria-hidden className={classes.fieldIcon} />
            <input
              ref={fieldRef}
              type="search"
              className={classes.field}
              aria-label={t('globalSearch.label')}
              placeholder={t('globalSearch.placeholder')}
              autoComplete="off"
              data-kork-global-search
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onFocus={prepare}
              onPointerEnter={prepare}
              onKeyDown={onFieldKeyDown}
            />
          </span>
        )}
      </div>
      <button
        ref={buttonRef}
        type="button"
        className={classes.button}
        aria-label={t('globalSearch.open')}
        aria-haspopup="dialog"
        onClick={openDialog}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={prepare}
        onTouchStart={prepare}
        onFocus={prepare}
      >
        <IconSearch size={22} stroke={1.7} aria-hidden />
      </button>
      {Dialog && (
        <Dialog
          opened={dialogOpened}
          initialText={text}
          onClose={() => {
            setDialogOpened(false);
            setText('');
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
