import {
  isMergeConfirmation,
  MERGE_CONFIRMATION_PHRASES,
  type MergeRecord,
  mergeDifferences,
  type WineRow,
} from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Container,
  Group,
  Loader,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowMerge,
  IconCheck,
  IconLock,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { notify } from '../../lib/notify';
import { QueryProvider } from '../../lib/query-client';
import { useViewer } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useVintageText, winePath } from '../../lib/wine-text';
import { adminKeys, adminWineSearchQuery, mergesQuery } from './api/admin-queries';
import { mergeWines } from './api/merge-wines';
import { ImporterConnections } from './components/importer-connections';
import { MergeComparison } from './components/merge-comparison';
import { MergeHistory } from './components/merge-history';

const MIN_SEARCH = 2;
/** One survivor and at most 20 duplicates per merge (MergeWinesInput). */
const MAX_SELECTED = 21;

function PermissionDenied() {
  const { t } = useTranslation();
  usePageTitle(t('adminMerge.denied'));
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <IconLock size={40} stroke={1.4} aria-hidden color="var(--mantine-color-wine-7)" />
        <Title order={1} size="h2">
          {t('adminMerge.denied')}
        </Title>
        <Text>{t('adminMerge.deniedText')}</Text>
        <Button component={Link} to="/feed" radius="xl">
          {t('wine.page.toFeed')}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * Admin: merge wines. Find the duplicates of a wine, choose the one to keep, compare them side by side,
 * and fold the others into it: their tasting notes and external ids move to the survivor. The history
 * of every merge is below.
 */
export function MergeWinesPage() {
  const viewer = useViewer();
  if (viewer?.role !== 'admin') return <PermissionDenied />;
  return (
    <QueryProvider>
      <MergeTool />
    </QueryProvider>
  );
}

function MergeTool() {
  const { t } = useTranslation();
  usePageTitle(t('adminMerge.title'));
  const vintageText = useVintageText();
  const searchId = useId();
  const selectedId = useId();
  const historyId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [selected, setSelected] = useState<WineRow[]>([]);
  const [survivorId, setSurvivorId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [record, setRecord] = useState<MergeRecord>();
  const [typed, setTyped] = useState('');
  const searching = debounced.length >= MIN_SEARCH;
  const client = useQueryClient();
  const results = useQuery({ ...adminWineSearchQuery(debounced), enabled: searching });
  const merges = useQuery(mergesQuery());

  const label = (wine: WineRow) => `${wine.name} ${vintageText(wine.vintage)}`;
  const isSelected = (id: string) => selected.some((wine) => wine.id === id);
  const survivor = selected.find((wine) => wine.id === survivorId);
  const canMerge = selected.length >= 2 && survivor !== undefined;
  // Wines of the same name that differ in style, producer or vintage are merged only on purpose.
  const differing = survivor
    ? selected
        .filter((wine) => wine.id !== survivor.id)
        .map((wine) => ({ wine, differences: mergeDifferences(survivor, wine) }))
        .filter((entry) => entry.differences.length > 0)
    : [];
  const phrase = MERGE_CONFIRMATION_PHRASES[currentLocale()];
  const confirmed = differing.length === 0 || isMergeConfirmation(typed);

  // Each opening asks anew: a phrase typed for an earlier merge must not confirm this one.
  useEffect(() => {
    if (confirming) setTyped('');
  }, [confirming]);

  function toggle(wine: WineRow, checked: boolean) {
    if (checked) {
      if (isSelected(wine.id) || selected.length >= MAX_SELECTED) return;
      setSelected([...selected, wine]);
      if (survivorId === null) setSurvivorId(wine.id);
    } else {
      const rest = selected.filter((item) => item.id !== wine.id);
      setSelected(rest);
      if (survivorId === wine.id) setSurvivorId(rest[0]?.id ?? null);
    }
  }

  async function merge() {
    if (!survivor) return;
    const done = await mergeWines({
      survivorId: survivor.id,
      duplicateIds: selected.filter((wine) => wine.id !== survivor.id).map((wine) => wine.id),
      ...(differing.length > 0 ? { confirmation: typed.trim() } : {}),
    });
    setConfirming(false);
    setRecord(done);
    setSelected([]);
    setSurvivorId(null);
    notify.success(t('adminMerge.done'));
    void client.invalidateQueries({ queryKey: adminKeys.merges });
    if (searching) void client.invalidateQueries({ queryKey: adminKeys.wineSearch });
  }

  return (
    <Container size={1100} py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        <div>
          <Title order={1} c="wine.9">
            {t('adminMerge.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('adminMerge.lead')}
          </Text>
          <Anchor component={Link} to="/admin/plans" size="sm" mt={4} display="inline-block">
            {t('billing.admin.link')}
          </Anchor>
        </div>

        {record && (
          <Alert
            color="green"
            variant="light"
            title={t('adminMerge.record.title')}
            icon={<IconCheck size={18} aria-hidden />}
            withCloseButton
            closeButtonLabel={t('adminMerge.record.close')}
            onClose={() => setRecord(undefined)}
          >
            <Stack gap={4}>
              <Text size="sm">
                {t('adminMerge.record.survivor')}{' '}
                <Anchor component={Link} to={winePath(record.survivorId)}>
                  {record.wineNames?.[record.survivorId] ?? record.survivorId}
                </Anchor>
              </Text>
              <Text size="sm">
                {t('adminMerge.record.duplicates')}{' '}
                {record.duplicateIds.map((id) => record.wineNames?.[id] ?? id).join(', ')}
              </Text>
              <Text size="sm">{t('adminMerge.record.tastings', { count: record.movedTastings })}</Text>
              <Text size="sm">{t('adminMerge.record.externalIds', { count: record.movedExternalIds })}</Text>
            </Stack>
          </Alert>
        )}

        <section aria-labelledby={searchId}>
          <Title order={2} size="h3" id={searchId} mb="sm">
            {t('adminMerge.search.title')}
          </Title>
          <TextInput
            label={t('adminMerge.search.label')}
            placeholder={t('adminMerge.search.placeholder')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={searching && results.isPending ? <Loader size="xs" /> : null}
            type="search"
          />
          <Stack gap={6} mt="md" aria-live="polite">
            {!searching && (
              <Text size="sm" c="dimmed">
                {t('adminMerge.search.hint', { min: MIN_SEARCH })}
              </Text>
            )}
            {searching && !results.data && results.isError && (
              <Text size="sm" c="wine.8">
                {t('adminMerge.search.error')}
              </Text>
            )}
            {searching && results.data && results.data.rows.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('adminMerge.search.none')}
              </Text>
            )}
            {searching &&
              results.data?.rows.map((wine) => (
                <Checkbox
                  key={wine.id}
                  label={label(wine)}
                  description={[wine.producer, wine.id].filter(Boolean).join(' · ')}
                  checked={isSelected(wine.id)}
                  disabled={!isSelected(wine.id) && selected.length >= MAX_SELECTED}
                  onChange={(event) => toggle(wine, event.currentTarget.checked)}
                />
              ))}
          </Stack>
        </section>

        <section aria-labelledby={selectedId}>
          <Title order={2} size="h3" id={selectedId} mb="sm">
            {t('adminMerge.selected.title', { number: selected.length })}
          </Title>
          {selected.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('adminMerge.selected.empty')}
            </Text>
          ) : (
            <Stack gap="md">
              <Radio.Group
                label={t('adminMerge.selected.survivor')}
                description={t('adminMerge.selected.survivorHint')}
                value={survivorId}
                onChange={setSurvivorId}
              >
                <Stack gap="xs" mt="xs">
                  {selected.map((wine) => (
                    <Group key={wine.id} gap="xs" wrap="nowrap">
                      <Radio value={wine.id} label={label(wine)} description={wine.id} />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('adminMerge.selected.remove', { name: label(wine) })}
                        onClick={() => toggle(wine, false)}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Radio.Group>
              {selected.length >= 2 && <MergeComparison wines={selected} survivorId={survivorId} />}
            </Stack>
          )}
          <Group mt="md">
            <Button
              radius="xl"
              leftSection={<IconArrowMerge size={18} aria-hidden />}
              disabled={!canMerge}
              onClick={() => setConfirming(true)}
            >
              {t('adminMerge.merge')}
            </Button>
            {!canMerge && (
              <Text size="sm" c="dimmed">
                {t('adminMerge.mergeHint')}
              </Text>
            )}
          </Group>
        </section>

        <section aria-labelledby={historyId}>
          <Title order={2} size="h3" id={historyId} mb="sm">
            {t('adminMerge.history.title')}
          </Title>
          <MergeHistory merges={merges} />
        </section>

        <ImporterConnections />
      </Stack>

      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('adminMerge.confirm.title')}
        confirmLabel={t('adminMerge.confirm.button')}
        onConfirm={merge}
        confirmDisabled={!confirmed}
      >
        {survivor ? (
          <Stack gap="xs">
            <Text size="sm">
              {t('adminMerge.confirm.text', { count: selected.length - 1, name: label(survivor) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('adminMerge.confirm.warning')}
            </Text>
            {differing.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                title={t('adminMerge.confirm.differTitle')}
                icon={<IconAlertTriangle size={18} aria-hidden />}
              >
                <Stack gap={6}>
                  {differing.map(({ wine, differences }) => (
                    <Text size="sm" key={wine.id}>
                      {t('adminMerge.confirm.differ', {
                        name: label(wine),
                        what: differences.map((d) => t(`adminMerge.confirm.differences.${d}`)).join(', '),
                      })}
                    </Text>
                  ))}
                  <Text size="sm">
                    {t('adminMerge.confirm.typeToConfirm')} <Code fw={700}>{phrase}</Code>
                  </Text>
                  <TextInput
                    label={t('adminMerge.confirm.phraseLabel')}
                    value={typed}
                    onChange={(event) => setTyped(event.currentTarget.value)}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                </Stack>
              </Alert>
            )}
          </Stack>
        ) : (
          ''
        )}
      </ConfirmModal>
    </Container>
  );
}
