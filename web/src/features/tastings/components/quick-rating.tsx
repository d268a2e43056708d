import type { TastingNote } from '@kork/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { formatPoints, useRatingText } from '../../../lib/wine-text';
import { rateWine } from '../api/rate-wine';

/** The points one tap gives: the steps of the rating bands, finer near the top. */
export const QUICK_POINTS = [75, 80, 85, 88, 90, 92, 94, 96, 98, 100] as const;

interface QuickRatingProps {
  wineId: string;
  /** The viewer's own notes on the wine, newest first: the first one's points are their rating. */
  mine: readonly TastingNote[] | undefined;
  signedIn: boolean;
  /** A visitor (not a session still loading): offered the way to sign in. */
  anonymous: boolean;
  onRated: () => void;
}

/**
 * The quick rating: a row of points, one tap each. The tap is kept as the person's tasting note on the
 * wine; a second tap changes that note's points.
 */
export function QuickRating({ wineId, mine, signedIn, anonymous, onRated }: QuickRatingProps) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  const labelId = useId();
  const [saving, setSaving] = useState<number | null>(null);
  const current = saving ?? mine?.[0]?.points;
  const locale = i18n.resolvedLanguage;

  async function rate(points: number) {
    setSaving(points);
    try {
      await rateWine(wineId, points);
      notify.success(t('wineLover.rating.saved', { points: formatPoints(points, locale) }));
      onRated();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  }

  if (!signedIn) {
    if (!anonymous) return null;
    return (
      <Anchor
        component={Link}
        to={`/sign-in?redirect=/wines/${encodeURIComponent(wineId)}`}
        fw={600}
        size="sm"
      >
        {t('wineLover.rating.signIn')}
      </Anchor>
    );
  }

  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={600} c="dimmed">
        {t('wineLover.rating.title')}
      </Text>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        {QUICK_POINTS.map((points) => {
          const chosen = current === points;
          return (
            <Button
              key={points}
              size="compact-sm"
              radius="xl"
              miw={40}
              variant={chosen ? 'filled' : 'default'}
              aria-pressed={chosen}
              aria-label={t('wineLover.rating.option', { points, description: ratingText(points) })}
              title={ratingText(points)}
              disabled={saving !== null && saving !== points}
              loading={saving === points}
              onClick={() => void rate(points)}
            >
              {points}
            </Button>
          );
        })}
      </Group>
      <Text size="sm" aria-live="polite" data-testid="quick-rating-status">
        {current === undefined
          ? t('wineLover.rating.hint')
          : t('wineLover.rating.yours', {
              points: formatPoints(current, locale),
              description: ratingText(current),
            })}
      </Text>
    </Stack>
  );
}
