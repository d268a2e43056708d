import { useSyncExternalStore } from 'react';

/**
 * Toasts are app state: any code (an API call, a form) says `notify.success(text)` and the toaster in the
 * shell shows it. Keeping the queue here, not in the UI library, lets a toast be raised before the shell
 * renders and lets tests read what was announced.
 */
export type ToastKind = 'success' | 'error';

export interface Toast {
  id: string;
  kind: ToastKind;
  text: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function push(kind: ToastKind, text: string): string {
  const id = `toast-${nextId++}`;
  toasts = [...toasts, { id, kind, text }];
  emit();
  return id;
}

export const notify = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
};

export function dismissToast(id: string): void {
  if (!toasts.some((toast) => toast.id === id)) return;
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
