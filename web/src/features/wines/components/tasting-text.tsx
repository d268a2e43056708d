import type { TastingSegment } from '@kork/shared/vocabulary/tasting-glossary';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Translate = (text: string) => TastingSegment[];

/** The glossary downloads the first time an English reader opens a wine's details, then stays. */
let translator: Translate | undefined;
let loading: Promise<Translate> | undefined;

function loadTranslator(): Promise<Translate> {
  loading ??= import('@kork/shared/vocabulary/tasting-glossary').then((module) => {
    translator = module.translateTasting;
    return translator;
  });
  return loading;
}

function isEnglish(language: string | undefined): boolean {
  return (language ?? '').toLowerCase().startsWith('en');
}

/**
 * One of Vinmonopolet's colour, smell or taste sentences in the reader's language: as written for a
 * Norwegian reader, through the tasting glossary for an English one, where a word it does not know
 * stays as written and is marked Norwegian (`lang="nb"`) for screen readers and translators.
 */
export function TastingText({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const english = isEnglish(i18n.resolvedLanguage ?? i18n.language);
  const [translate, setTranslate] = useState<Translate | undefined>(() => translator);

  useEffect(() => {
    if (!english || translate) return;
    let live = true;
    void loadTranslator().then((loaded) => {
      if (live) setTranslate(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [english, translate]);

  if (!english) return <>{text}</>;
  // Until the glossary is in, the sentence shows as written, marked as what it is.
  if (!translate) return <span lang="nb">{text}</span>;
  return (
    <>
      {translate(text).map((segment, index) =>
        segment.translated ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one sentence never reorder.
          <span key={index}>{segment.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one sentence never reorder.
          <span key={index} lang="nb">
            {segment.text}
          </span>
        ),
      )}
    </>
  );
}
