import { type MainCategory, type TastingNote, wineDisplayName } from '@kork/shared';
import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageSources } from '../../../lib/image-url';
import { avatarImage, wineImageSources } from '../../../lib/wine-image';
import {
  formatDate,
  formatPoints,
  producerBesideName,
  useRatingText,
  useVintageText,
  winePath,
} from '../../../lib/wine-text';
import classes from './tasting-note-card.module.css';

const AVATAR_SIZE = 40;
const PHOTO_WIDTH = 320;

interface TastingNoteCardProps {
  note: TastingNote;
  /** Show the wine the note is about (lists across wines: My tastings, a person's profile). */
  withWine?: boolean;
  /** Show the author (lists of many people's notes). */
  withAuthor?: boolean;
  /** Say whether the note is published or private (the author's own lists). */
  withVisibility?: boolean;
  onEdit?: ((note: TastingNote) => void) | undefined;
  onDelete?: ((note: TastingNote) => void) | undefined;
  /** Cut the text to this many characters (a list's snippet). */
  snippet?: number;
}

function cut(text: string, length: number | undefined): string {
  if (!length || text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

/** The wine a note is about; its style, when the list sends it, picks the bottle drawn for a wine without a photo. */
type NoteWine = NonNullable<TastingNote['wine']> & { mainCategoryId?: MainCategory };

/** One tasting note: who, how many points and what they mean, when, what they wrote and saw. */
export function TastingNoteCard({
  note,
  withWine = false,
  withAuthor = true,
  withVisibility = false,
  onEdit,
  onDelete,
  snippet,
}: TastingNoteCardProps) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  const vintageText = useVintageText();
  const locale = i18n.resolvedLanguage;
  const wine: NoteWine | undefined = withWine ? note.wine : undefined;
  const wineName = wine ? wineDisplayName({ wineName: wine.name, producerName: wine.producer }) : '';
  const drinkWindow =
    note.drinkingWindowFrom || note.drinkingWindowTo
      ? t('tasting.note.drinkingWindow', {
          from: note.drinkingWindowFrom ?? '…',
          to: note.drinkingWindowTo ?? '…',
        })
      : undefined;

  return (
    <article className={classes.card} aria-label={t('tasting.note.label', { name: note.authorName })}>
      <Stack gap="sm">
        {wine && (
          <Link to={winePath(wine.id)} className={classes.wine}>
            <img
              {...wineImageSources(wine.imageUrl, 28, wine.mainCategoryId)}
              alt=""
              className={classes.wineImage}
            />
            <span>
              <span className={classes.wineName}>{wineName}</span>
              <Text size="sm" c="dimmed" component="span" display="block">
                {[producerBesideName(wineName, wine.producer), vintageText(wine.vintage)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </span>
          </Link>
        )}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4}>
            {withAuthor && (
              <Group gap="xs">
                <Link to={`/users/${encodeURIComponent(note.authorId)}`} className={classes.author}>
                  <Avatar
                    size={AVATAR_SIZE}
                    radius="xl"
                    color="wine"
                    name={note.authorName}
                    alt=""
                    {...avatarImage(note.authorImage, AVATAR_SIZE)}
                  />
                  <span className={classes.authorName}>{note.authorName}</span>
                </Link>
                {note.authorIsExpert && (
                  <Badge color="cork" variant="light" radius="sm" size="sm">
                    {t('tasting.note.expert')}
                  </Badge>
                )}
              </Group>
            )}
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                <time dateTime={note.date}>{formatDate(note.date, locale)}</time>
              </Text>
              {withVisibility &&
                (note.isPublished ? (
                  <Badge color="wine" variant="light" radius="sm" size="sm">
                    {t('tasting.note.published')}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light" radius="sm" size="sm">
                    {t('tasting.note.private')}
                  </Badge>
                ))}
            </Group>
          </Stack>
          <div style={{ textAlign: 'right' }}>
            <div className={classes.points}>{formatPoints(note.points, locale)}</div>
            <Text size="sm" fw={600}>
              {ratingText(note.points)}
            </Text>
          </div>
        </Group>
        {note.text && <Text className={classes.text}>{cut(note.text, snippet)}</Text>}
        {note.photo && !snippet && (
          <img
            {...imageSources(note.photo, PHOTO_WIDTH)}
            alt={t('tasting.note.photo')}
            className={classes.photo}
          />
        )}
        {drinkWindow && (
          <Text size="sm" c="dimmed">
            {drinkWindow}
          </Text>
        )}
        {(onEdit || onDelete) && (
          <Group gap="xs">
            {onEdit && (
              <Button
                variant="light"
                size="xs"
                radius="xl"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={() => onEdit(note)}
              >
                {t('tasting.note.edit')}
              </Button>
            )}
            {onDelete && (
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                radius="xl"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => onDelete(note)}
              >
                {t('tasting.note.delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </article>
  );
}
