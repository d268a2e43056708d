import { type TastingNote, type User, type WineTastings, wineDisplayName } from '@kork/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TastingFormModal } from './tasting-form-modal';
import { TastingNoteCard } from './tasting-note-card';
import { useNoteEditing } from './use-note-editing';

interface WineTastingsSectionProps {
  wine: { id: string; name: string; producer?: string | undefined };
  tastings: UseQueryResult<WineTastings>;
  /** The signed-in person, `null` for a visitor (and while the session loads). */
  viewer: User | null;
  /** A visitor (nobody signed in, not merely loading). */
  anonymous: boolean;
  /** A note was written, changed or deleted: the lists and the wine's ratings are fetched again. */
  onChanged: () => void;
}

function NoteList({
  notes,
  empty,
  onEdit,
  onDelete,
  withVisibility = false,
}: {
  notes: TastingNote[];
  empty: string;
  onEdit?: ((note: TastingNote) => void) | undefined;
  onDelete?: ((note: TastingNote) => void) | undefined;
  withVisibility?: boolean;
}) {
  if (notes.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm">
      {notes.map((note) => (
        <TastingNoteCard
          key={note.id}
          note={note}
          withVisibility={withVisibility}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </Stack>
  );
}

/**
 * The wine's notes as the page lists them: the viewer's own notes only under "Your notes", so a note
 * they published is not shown a second time among the experts' or the community's.
 */
export function notesToShow(tastings: WineTastings, viewerId: string | undefined): WineTastings {
  if (!viewerId) return { ...tastings, mine: [] };
  const own = new Set(tastings.mine.map((note) => note.id));
  const others = (notes: TastingNote[]) =>
    notes.filter((note) => !own.has(note.id) && note.authorId !== viewerId);
  return { expert: others(tastings.expert), community: others(tastings.community), mine: tastings.mine };
}

/**
 * "Tasting notes" on a wine's page: the viewer's own notes (private ones too) to change or delete, then
 * the experts' and the community's published notes as two lists, and the way to write a new one.
 */
export function WineTastingsSection({
  wine,
  tastings,
  viewer,
  anonymous,
  onChanged,
}: WineTastingsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [writing, setWriting] = useState(false);
  const [signInPrompt, setSignInPrompt] = useState(false);
  const editing = useNoteEditing({
    viewerId: viewer?.id,
    wineName: wineDisplayName({ wineName: wine.name, producerName: wine.producer }),
    onChanged,
  });
  const isAdmin = viewer?.role === 'admin';
  const shown = tastings.data ? notesToShow(tastings.data, viewer?.id) : undefined;
  const signInPath = `/sign-in?redirect=/wines/${encodeURIComponent(wine.id)}`;

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="md">
        <Title order={2} size="h3" id={headingId}>
          {t('tasting.section.title')}
        </Title>
        <Button
          radius="xl"
          leftSection={<IconPencilPlus size={18} aria-hidden />}
          disabled={!viewer && !anonymous}
          onClick={() => (viewer ? setWriting(true) : setSignInPrompt(true))}
        >
          {t('tasting.section.write')}
        </Button>
      </Group>

      {!tastings.data && !tastings.isError && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={110} radius="lg" />
          <Skeleton height={110} radius="lg" />
        </Stack>
      )}
      {!tastings.data && tastings.isError && (
        <Alert color="wine" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('tasting.section.error')}</Text>
            <Button size="xs" variant="white" radius="xl" onClick={() => void tastings.refetch()}>
              {t('wine.page.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {shown && (
        <Stack gap="xl">
          {shown.mine.length > 0 && (
            <section aria-labelledby={`${headingId}-mine`}>
              <Title order={3} size="h4" mb="sm" id={`${headingId}-mine`}>
                {t('tasting.section.mine')}
              </Title>
              <NoteList
                notes={shown.mine}
                empty=""
                withVisibility
                onEdit={editing.edit}
                onDelete={editing.remove}
              />
            </section>
          )}
          <section aria-labelledby={`${headingId}-expert`}>
            <Title order={3} size="h4" mb="sm" id={`${headingId}-expert`}>
              {t('tasting.section.expert')}
            </Title>
            <NoteList
              notes={shown.expert}
              empty={t('tasting.section.noExpert')}
              onEdit={isAdmin ? editing.edit : undefined}
              onDelete={isAdmin ? editing.remove : undefined}
            />
          </section>
          <section aria-labelledby={`${headingId}-community`}>
            <Title order={3} size="h4" mb="sm" id={`${headingId}-community`}>
              {t('tasting.section.community')}
            </Title>
            <NoteList
              notes={shown.community}
              empty={t('tasting.section.noCommunity')}
              onEdit={isAdmin ? editing.edit : undefined}
              onDelete={isAdmin ? editing.remove : undefined}
            />
          </section>
        </Stack>
      )}

      {viewer && (
        <TastingFormModal
          opened={writing}
          onClose={() => setWriting(false)}
          wine={wine}
          viewerId={viewer.id}
          onSaved={onChanged}
        />
      )}
      {editing.modals}
      <Modal
        opened={signInPrompt}
        onClose={() => setSignInPrompt(false)}
        title={t('tasting.section.signInTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('tasting.form.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('tasting.section.signInText')}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={signInPath} radius="xl">
              {t('tasting.section.signIn')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
