import type {
  PrintedPrice,
  WineListCategory,
  WineListDetail,
  WineListEntry,
  WineListPatch,
} from '@kork/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { listCategories } from '../../cellar/api/categories';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { usePatchWineList } from '../api/wine-lists';
import classes from './list-editor.module.css';

/** A price as the list prints it, in words for a screen reader when it is stars. */
export function PriceText({ price }: { price: PrintedPrice }) {
  const { t } = useTranslation();
  if (price.kind === 'text') return <>{price.text}</>;
  if (price.kind === 'stars')
    return (
      <span role="img" aria-label={t('wineListEditor.wines.stars', { count: price.stars })}>
        {'★'.repeat(price.stars)}
        {'☆'.repeat(Math.max(0, 5 - price.stars))}
      </span>
    );
  return <>{t('wineListEditor.wines.noPrice')}</>;
}

/** What the editor says about an entry: stock, why it does not print, what changed since the last print. */
function EntryBadges({ entry }: { entry: WineListEntry }) {
  const { t } = useTranslation();
  const badges: ReactNode[] = [];
  if (!entry.printed && entry.quantity === 0)
    badges.push(
      <Badge key="sold" color="red.9" variant="outline" radius="sm" tt="none">
        {t('wineListEditor.wines.soldOut')}
      </Badge>,
    );
  else if (!entry.printed)
    badges.push(
      <Badge key="hidden" color="gray.8" variant="outline" radius="sm" tt="none">
        {t('wineListEditor.wines.hiddenCategory')}
      </Badge>,
    );
  else if (entry.lowStock)
    badges.push(
      <Badge key="low" color="wine" variant="outline" radius="sm" tt="none">
        {entry.quantity === 1 ? t('wineListEditor.wines.lastBottle') : t('wineListEditor.wines.runningOut')}
      </Badge>,
    );
  if (entry.change === 'added')
    badges.push(
      <Badge key="added" color="blue.9" variant="outline" radius="sm" tt="none">
        {t('wineListEditor.wines.changedAdded')}
      </Badge>,
    );
  if (entry.change === 'repriced')
    badges.push(
      <Badge key="repriced" color="blue.9" variant="outline" radius="sm" tt="none">
        {t('wineListEditor.wines.changedPrice')}
      </Badge>,
    );
  return badges.length > 0 ? (
    <Group gap={4} mt={4}>
      {badges}
    </Group>
  ) : null;
}

interface EntryGroup {
  id: string;
  name: string;
  level: 0 | 1;
  entries: WineListEntry[];
}

/** Entries under their sections in the sections' order; the rest (no or a hidden category) last. */
export function groupEntries(
  detail: Pick<WineListDetail, 'sections' | 'entries'>,
  otherName: string,
): EntryGroup[] {
  const bySection = new Map<string, WineListEntry[]>();
  const other: WineListEntry[] = [];
  const known = new Set(detail.sections.map((section) => section.id));
  for (const entry of detail.entries) {
    if (entry.categoryId && known.has(entry.categoryId)) {
      const list = bySection.get(entry.categoryId) ?? [];
      list.push(entry);
      bySection.set(entry.categoryId, list);
    } else other.push(entry);
  }
  const groups: EntryGroup[] = [];
  for (const section of detail.sections) {
    const entries = bySection.get(section.id) ?? [];
    const hasChildren = detail.sections.some((s) => s.parentId === section.id && bySection.has(s.id));
    if (entries.length > 0 || hasChildren)
      groups.push({ id: section.id, name: section.name, level: section.level, entries });
  }
  if (other.length > 0) groups.push({ id: '__other', name: otherName, level: 0, entries: other });
  return groups;
}

/** Categories in their tree order, subcategories indented under their parent. */
function categoryOptions(categories: WineListCategory[], hiddenLabel: string) {
  const byOrder = (a: WineListCategory, b: WineListCategory) => a.order - b.order;
  const roots = categories.filter((c) => c.parentId === null).sort(byOrder);
  const options: { value: string; label: string }[] = [];
  const label = (c: WineListCategory, depth: number) =>
    `${depth > 0 ? '– ' : ''}${c.name}${c.isVisible ? '' : ` (${hiddenLabel})`}`;
  for (const root of roots) {
    options.push({ value: root.id, label: label(root, 0) });
    for (const child of categories.filter((c) => c.parentId === root.id).sort(byOrder))
      options.push({ value: child.id, label: label(child, 1) });
  }
  return options;
}

interface WinesPanelProps {
  userId: string;
  detail: WineListDetail;
}

/** The list's wines: what prints and what does not (and why), and adding or removing wines. */
export function WinesPanel({ userId, detail }: WinesPanelProps) {
  const { t } = useTranslation();
  const patch = usePatchWineList(userId, detail.id);
  const groups = useMemo(() => groupEntries(detail, t('wineListEditor.wines.otherWines')), [detail, t]);
  const printed = detail.entries.filter((entry) => entry.printed).length;
  const [pendingRemoval, setPendingRemoval] = useState<string>();

  function change(body: WineListPatch, done: string) {
    return patch.mutateAsync(body).then(
      () => {
        notify.success(done);
      },
      (error) => {
        notify.error(errorMessage(error));
        throw error;
      },
    );
  }

  return (
    <Stack gap="lg">
      <AddWines userId={userId} detail={detail} change={change} busy={patch.isPending} />

      <section aria-labelledby="wine-list-wines-title">
        <Group justify="space-between" gap="xs" mb="xs">
          <Title order={2} size="h4" id="wine-list-wines-title">
            {t('wineListEditor.wines.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('wineListEditor.wines.printedOf', { printed, count: detail.entries.length })}
          </Text>
        </Group>
        {detail.entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('wineListEditor.wines.empty')}
          </Text>
        ) : (
          <Stack gap="md">
            {groups.map((group) => (
              <div key={group.id}>
                <Text
                  fw={700}
                  size={group.level === 0 ? 'sm' : 'xs'}
                  tt="uppercase"
                  c="dimmed"
                  pl={group.level * 12}
                >
                  {group.name}
                </Text>
                <ul className={classes.entries}>
                  {group.entries.map((entry) => (
                    <li
                      key={entry.ownWineId}
                      className={classes.entry}
                      data-printed={entry.printed || undefined}
                      data-wine={entry.ownWineId}
                    >
                      <div className={classes.entryMain}>
                        <Text size="sm" fw={600} className={classes.entryName}>
                          {entry.name}
                          {entry.vintage !== null ? ` ${entry.vintage}` : ''}
                        </Text>
                        {entry.producer && (
                          <Text size="xs" c="dimmed">
                            {entry.producer}
                          </Text>
                        )}
                        <EntryBadges entry={entry} />
                      </div>
                      <Text size="sm" className={classes.entryPrice}>
                        <PriceText price={entry.printedBottlePrice} />
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        loading={pendingRemoval === entry.ownWineId && patch.isPending}
                        aria-label={t('wineListEditor.wines.remove', { name: entry.name })}
                        onClick={() => {
                          setPendingRemoval(entry.ownWineId);
                          void change(
                            { removeOwnWineIds: [entry.ownWineId] },
                            t('wineListEditor.wines.removed', { name: entry.name }),
                          ).catch(() => undefined);
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </Stack>
        )}
      </section>

      {detail.gone.length > 0 && (
        <section aria-labelledby="wine-list-gone-title">
          <Title order={2} size="h5" id="wine-list-gone-title" mb={4}>
            {t('wineListEditor.wines.goneTitle')}
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            {t('wineListEditor.wines.goneText')}
          </Text>
          <ul className={classes.entries}>
            {detail.gone.map((wine) => (
              <li key={wine.ownWineId} className={classes.entry}>
                <Text size="sm" className={classes.entryMain}>
                  {wine.name}
                </Text>
                <Badge color="gray.8" variant="outline" radius="sm" tt="none">
                  {t('wineListEditor.wines.gone')}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Stack>
  );
}

function AddWines({
  userId,
  detail,
  change,
  busy,
}: {
  userId: string;
  detail: WineListDetail;
  change: (body: WineListPatch, done: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const onList = useMemo(() => new Set(detail.entries.map((e) => e.ownWineId)), [detail.entries]);
  const categories = useQuery({
    queryKey: ['wine-list-categories', userId],
    queryFn: ({ signal }) => listCategories(userId, signal),
  });
  const found = useQuery({
    queryKey: ['wine-list-search', userId, term],
    queryFn: ({ signal }) => listCellarWines(userId, { search: term, resultsPerPage: 8, page: 1 }, signal),
    enabled: term.length >= 2,
  });
  const options = useMemo(
    () => categoryOptions(categories.data?.rows ?? [], t('wineListEditor.wines.hiddenShort')),
    [categories.data, t],
  );
  const categoryName = options.find((option) => option.value === categoryId)?.label ?? '';

  return (
    <section aria-labelledby="wine-list-add-title" className={classes.addBox}>
      <Title order={2} size="h4" id="wine-list-add-title" mb="xs">
        {t('wineListEditor.wines.addTitle')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('wineListEditor.wines.searchLabel')}
          placeholder={t('wineListEditor.wines.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={found.isFetching ? <Loader size="xs" /> : null}
        />
        {term.length >= 2 && found.data && (
          <ul className={classes.results} aria-label={t('wineListEditor.wines.searchResults')}>
            {found.data.rows.length === 0 && (
              <li>
                <Text size="sm" c="dimmed">
                  {t('wineListEditor.wines.noResults')}
                </Text>
              </li>
            )}
            {found.data.rows.map((wine) => (
              <li key={wine.id} className={classes.result}>
                <div className={classes.entryMain}>
                  <Text size="sm" className={classes.entryName}>
                    {wine.wineDisplayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('wineListEditor.wines.bottles', { count: wine.quantity })}
                  </Text>
                </div>
                {onList.has(wine.id) ? (
                  <Text size="xs" c="dimmed">
                    {t('wineListEditor.wines.onList')}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    radius="xl"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    disabled={busy}
                    aria-label={t('wineListEditor.wines.addOne', { name: wine.wineDisplayName })}
                    onClick={() =>
                      void change(
                        { addOwnWineIds: [wine.id] },
                        t('wineListEditor.wines.added', { name: wine.wineDisplayName }),
                      ).catch(() => undefined)
                    }
                  >
                    {t('wineListEditor.wines.add')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            className={classes.grow}
            label={t('wineListEditor.wines.categoryLabel')}
            placeholder={t('wineListEditor.wines.categoryPlaceholder')}
            data={options}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            nothingFoundMessage={t('wineListEditor.wines.noCategories')}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="light"
            radius="xl"
            disabled={!categoryId || busy}
            onClick={() => {
              if (!categoryId) return;
              void change(
                { addCategoryIds: [categoryId] },
                t('wineListEditor.wines.categoryAdded', { name: categoryName.replace(/^– /, '') }),
              ).then(
                () => setCategoryId(null),
                () => undefined,
              );
            }}
          >
            {t('wineListEditor.wines.addCategory')}
          </Button>
        </Group>
        <Button
          variant="default"
          radius="xl"
          disabled={busy}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            void change({ addAllInStock: true }, t('wineListEditor.wines.allAdded')).catch(() => undefined)
          }
          className={classes.selfStart}
        >
          {t('wineListEditor.wines.addAllInStock')}
        </Button>
      </Stack>
    </section>
  );
}
