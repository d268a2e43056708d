import type { StockCountSheet } from '@kork/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '../../../lib/notify';
import { stockCountKeys } from '../api/stock-counts';
import { keepDraft, onQueueChange, queueDrafts, queuedEntries, queueFigure, saveSheet } from './count-store';
import { mergeEntries, type QueuedEntry } from './queue-logic';
import { onEntriesAccepted, syncCount } from './sync';

/** How long after the last figure typed the queue is sent (a number typed digit by digit goes once). */
const SEND_AFTER_MS = 700;
/** How often a queue that waits is tried again while the page is open. */
const RETRY_EVERY_MS = 10_000;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export interface CountQueue {
  /** The figures of this count waiting on this device. */
  queued: QueuedEntry[];
  /** False until the queue has been read from the device once. */
  loaded: boolean;
  online: boolean;
  syncing: boolean;
  /** Queues a figure and sends it soon when online. */
  enter: (figure: { ownWineId: string; locationId: string; counted: number }) => Promise<void>;
  /** Queues a figure as the page goes away: kept at once where an unloading page can still write. */
  keep: (figure: { ownWineId: string; locationId: string; counted: number }) => void;
  /** Sends what waits now; resolves once the run is over. */
  syncNow: () => Promise<void>;
}

/**
 * A count's queue on this device: what waits, and the loop that sends it (right after a figure when
 * online, when the network comes back, and every few seconds while anything waits). Every accepted
 * batch updates the sheet, and the sheet is fetched again after a run so other counters' figures appear.
 */
export function useCountQueue(ownerId: string, countId: string, failedText: string): CountQueue {
  const client = useQueryClient();
  const online = useOnline();
  const [queued, setQueued] = useState<QueuedEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    // Figures kept as the page last went away join the queue first.
    await queueDrafts().catch(() => undefined);
    const entries = await queuedEntries(countId).catch(() => []);
    if (!mounted.current) return;
    setQueued(entries);
    setLoaded(true);
  }, [countId]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    const stop = onQueueChange(() => void reload());
    return () => {
      mounted.current = false;
      stop();
    };
  }, [reload]);

  // The server's answer to each batch goes into the sheet before the queue lets go of those figures.
  useEffect(
    () =>
      onEntriesAccepted((acceptedCount, result) => {
        if (acceptedCount !== countId) return;
        const data = client.getQueryData<{ sheet: StockCountSheet; offline: boolean }>(
          stockCountKeys.sheet(ownerId, countId),
        );
        if (!data) return;
        const sheet = mergeEntries(data.sheet, result);
        client.setQueryData(stockCountKeys.sheet(ownerId, countId), { ...data, sheet });
        // What the server took is what this device shows next time without a network, too.
        void saveSheet(ownerId, sheet).catch(() => undefined);
      }),
    [client, ownerId, countId],
  );

  const syncNow = useCallback(async () => {
    clearTimeout(timer.current);
    if (!navigator.onLine) return;
    setSyncing(true);
    try {
      let result = await syncCount(countId);
      // A figure queued while the last batch was answered may have missed that run.
      if (result.kind === 'done' && (await queuedEntries(countId)).length > 0)
        result = await syncCount(countId);
      if (result.kind === 'refused') notify.error(`${failedText} ${result.message}`);
      if (result.sent > 0 || result.kind === 'refused')
        void client.invalidateQueries({ queryKey: stockCountKeys.sheet(ownerId, countId) });
    } finally {
      if (mounted.current) setSyncing(false);
    }
  }, [client, ownerId, countId, failedText]);

  const enter = useCallback(
    async (figure: { ownWineId: string; locationId: string; counted: number }) => {
      await queueFigure({ ...figure, ownerId, countId, countedAt: new Date().toISOString() });
      clearTimeout(timer.current);
      if (navigator.onLine) timer.current = setTimeout(() => void syncNow(), SEND_AFTER_MS);
    },
    [ownerId, countId, syncNow],
  );

  const keep = useCallback(
    (figure: { ownWineId: string; locationId: string; counted: number }) => {
      keepDraft({ ...figure, ownerId, countId, countedAt: new Date().toISOString() });
      void enter(figure).catch(() => undefined);
    },
    [ownerId, countId, enter],
  );

  // Send on arrival, and whenever the network comes back.
  useEffect(() => {
    if (online) void syncNow();
  }, [online, syncNow]);

  // Try again every few seconds while something waits.
  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const interval = setInterval(() => {
      if (navigator.onLine) void syncNow();
    }, RETRY_EVERY_MS);
    return () => clearInterval(interval);
  }, [waiting, syncNow]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { queued, loaded, online, syncing, enter, keep, syncNow };
}
