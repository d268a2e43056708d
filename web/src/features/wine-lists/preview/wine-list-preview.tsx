import type { WineListDetail, WineListLayout } from '@kork/shared';
import { composeWineList, type LaidOutList, layoutWineList } from '@kork/shared/wine-list-layout';
import { Alert, Group, Skeleton, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { imageUrl } from '../../../lib/image-url';
import { loadWineListFont } from './fonts';
import { WineListPages } from './wine-list-pages';
import classes from './wine-list-preview.module.css';

/** What the preview needs of a list: its wines, sections and name (a `WineListDetail` will do). */
export type PreviewList = Pick<
  WineListDetail,
  'name' | 'currency' | 'sections' | 'entries' | 'publicUrl' | 'logoUrl'
>;

export interface WineListPreviewProps {
  list: PreviewList;
  /** The page setup to show: the form's values, saved or not. */
  layout: WineListLayout;
  /** The staff copy, with the private note. */
  staff?: boolean;
}

/** Width ÷ height of the logo once it has loaded (the layout sizes its box with it). */
function useImageAspect(src: string | undefined): number | undefined {
  const [aspect, setAspect] = useState<number>();
  useEffect(() => {
    setAspect(undefined);
    if (!src || typeof Image === 'undefined') return;
    const image = new Image();
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0)
        setAspect(image.naturalWidth / image.naturalHeight);
    };
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);
  return aspect;
}

/** Loaded once the family's faces are, so the first drawing is already in the list's own font. */
function useFontReady(font: WineListLayout['font']): boolean {
  const [ready, setReady] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadWineListFont(font).then(() => {
      if (live) setReady(font);
    });
    return () => {
      live = false;
    };
  }, [font]);
  return ready === font;
}

/** Compose and lay out (memoised: a change to the page setup lays out again, a re-render does not). */
export function useLaidOutList(
  list: PreviewList,
  layout: WineListLayout,
  options: { staff?: boolean; logoAspect?: number | undefined } = {},
): { laidOut?: LaidOutList; failed: boolean } {
  // The preview speaks the list's own language, as its print does.
  const locale = layout.language ?? currentLocale();
  const { staff = false, logoAspect } = options;
  const input = useMemo(
    () => ({
      title: list.name,
      locale,
      currency: list.currency,
      sections: list.sections,
      entries: list.entries,
      publicUrl: list.publicUrl,
      hasLogo: Boolean(list.logoUrl),
      ...(logoAspect ? { logoAspect } : {}),
      staff,
    }),
    [
      list.name,
      locale,
      list.currency,
      list.sections,
      list.entries,
      list.publicUrl,
      list.logoUrl,
      logoAspect,
      staff,
    ],
  );
  return useMemo(() => {
    try {
      return { laidOut: layoutWineList(composeWineList(input, layout), layout), failed: false };
    } catch (error) {
      console.error('[wine-list] the preview could not be laid out', error);
      return { failed: true };
    }
  }, [input, layout]);
}

/** The live preview: the list's pages as they will print, scaled to the width they are given. */
export function WineListPreview({ list, layout, staff = false }: WineListPreviewProps) {
  const { t } = useTranslation();
  // Typing stays quick on a long list: the pages follow a moment later.
  const shownLayout = useDeferredValue(layout);
  const logoSrc = list.logoUrl ? imageUrl(list.logoUrl, 640) : undefined;
  const logoAspect = useImageAspect(logoSrc);
  const fontReady = useFontReady(shownLayout.font);
  const { laidOut, failed } = useLaidOutList(list, shownLayout, { staff, logoAspect });

  if (failed)
    return (
      <Alert color="red" variant="light" title={t('wineListEditor.preview.failedTitle')}>
        {t('wineListEditor.preview.failed')}
      </Alert>
    );
  if (!fontReady || !laidOut)
    return (
      <div className={classes.loading} aria-busy="true">
        <Skeleton className={classes.skeleton} radius={0} />
      </div>
    );
  return (
    <section className={classes.preview} aria-label={t('wineListEditor.preview.title')}>
      <Group justify="space-between" gap="xs" className={classes.meta}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('wineListEditor.preview.pageCount', { count: laidOut.pages.length })}
        </Text>
      </Group>
      <WineListPages list={laidOut} logoSrc={logoSrc} />
    </section>
  );
}
