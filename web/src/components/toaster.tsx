import { lazy, Suspense, useState } from 'react';
import { commonStyles, withStyles } from '../app/styles/component-styles';
import { useToasts } from '../lib/notify';

const ToastView = lazy(withStyles(commonStyles, () => import('./toast-view')));

/**
 * Mounts the toast view when the first toast is raised: most visits never see one, so the notification
 * system is not part of the first page load. Once mounted it stays, so later toasts appear at once.
 */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
