import '@mantine/notifications/styles.css';
import { LIMITS } from '@kork/shared';
import { type NotificationData, Notifications, notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, type Toast, useToasts } from '../lib/notify';

function toNotification(toast: Toast, t: TFunction): NotificationData {
  const closeLabel = t('toast.close');
  const common = {
    id: toast.id,
    message: toast.text,
    withBorder: true,
    onClose: () => dismissToast(toast.id),
    closeButtonProps: { 'aria-label': closeLabel, title: closeLabel },
  };
  if (toast.kind === 'success') {
    return {
      ...common,
      title: t('toast.success'),
      color: 'green.9',
      icon: <IconCheck size={18} aria-hidden />,
      autoClose: LIMITS.successToastMs,
      withCloseButton: false,
      // Polite: a confirmation should not interrupt what a screen reader is saying.
      role: 'status',
      'data-toast': 'success',
    };
  }
  return {
    ...common,
    color: 'wine.7',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    autoClose: LIMITS.errorToastMs,
    withCloseButton: true,
    role: 'alert',
    'data-toast': 'error',
  };
}

/**
 * Shows the toasts of app state (`lib/notify`) bottom-right: success ones start with "Success!" and go
 * after 4 s; error ones can be closed and go after 5 s (SPEC §2). The icon colours are the theme's dark
 * shades, and the close button is named, so both pass an accessibility audit.
 */
export default function ToastView() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const current = new Set(toasts.map((toast) => toast.id));
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      notifications.show(toNotification(toast, t));
    }
    // A toast dismissed from app state leaves the screen too.
    for (const id of shown.current) {
      if (current.has(id)) continue;
      shown.current.delete(id);
      notifications.hide(id);
    }
  }, [toasts, t]);

  return <Notifications position="bottom-right" zIndex={1000} containerWidth={400} />;
}
