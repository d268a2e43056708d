import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen, so history and tabs say where a person was. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation('shell');
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
