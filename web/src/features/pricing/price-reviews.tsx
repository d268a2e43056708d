import type { PriceReview } from '@kork/shared';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { useDecideReviews, useReviews } from './api/pricing';
import { Change, useFormats } from './price-preview-parts';
import classes from './pricing.module.css';

interface PriceReviewsProps {
  userId: string;
  /** Show at most this many wines (the cellar home); the rest wait on the price automator page. */
  limit?: number;
  /** Where the rest are: shown under a limited list. */
  more?: React.ReactNode;
}

/**
 * Wines whose purchase price changed after their selling price was set: the proposed price beside the
 * current one, and for each the choice to take the proposal or keep the current price.
 */
export function PriceReviews({ userId, limit, more }: PriceReviewsProps) {
  const { t } = useTranslation();
  const reviews = useReviews(userId);
  const decide = useDecideReviews(userId);
  const [busy, setBusy] = useState<string>();

  async function run(action: 'approve' | 'dismiss', ids: string[] | 'all') {
    setBusy(ids === 'all' ? `all:${action}` : `${action}:${ids.join(',')}`);
    try {
      const outcome = await decide.mutateAsync(
        ids === 'all' ? { action, all: true } : { action, ownWineIds: ids },
      );
      const done = action === 'approve' ? outcome.approved : outcome.dismissed;
      notify.success(
        action === 'approve'
          ? t('pricingPage.reviews.approved', { count: done })
          : t('pricingPage.reviews.dismissed', { count: done }),
      );
      if (outcome.stale.length > 0)
        notify.error(t('pricingPage.reviews.stale', { count: outcome.stale.length }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  }

  if (reviews.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  if (reviews.isError)
    return (
      <Alert color="red" title={t('pricingPage.reviews.loadError')}>
        <Button variant="light" size="xs" onClick={() => void reviews.refetch()}>
          {t('pricingPage.retry')}
        </Button>
      </Alert>
    );

  const { rows, count, currency } = reviews.data;
  if (count === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('pricingPage.reviews.empty')}
      </Text>
    );
  const shown = limit ? rows.slice(0, limit) : rows;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="review-count">
          {t('pricingPage.reviews.count', { count })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            radius="xl"
            loading={busy === 'all:dismiss'}
            disabled={busy !== undefined}
            onClick={() => void run('dismiss', 'all')}
          >
            {t('pricingPage.reviews.dismissAll')}
          </Button>
          <Button
            size="xs"
            radius="xl"
            loading={busy === 'all:approve'}
            disabled={busy !== undefined}
            onClick={() => void run('approve', 'all')}
          >
            {t('pricingPage.reviews.approveAll', { count })}
          </Button>
        </Group>
      </Group>
      <ul className={classes.reviewList}>
        {shown.map((review) => (
          <li key={review.ownWineId} className={classes.card} data-testid="price-review">
            <ReviewRow
              review={review}
              currency={currency}
              busy={busy}
              onDecide={(action) => void run(action, [review.ownWineId])}
            />
          </li>
        ))}
      </ul>
      {limit && count > shown.length && more}
    </Stack>
  );
}

function ReviewRow({
  review,
  currency,
  busy,
  onDecide,
}: {
  review: PriceReview;
  currency: PriceReviewsCurrency;
  busy: string | undefined;
  onDecide: (action: 'approve' | 'dismiss') => void;
}) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  const purchase = review.purchasePriceWvat ?? review.purchasePriceWovat;
  return (
    <div className={classes.review}>
      <div className={classes.grow}>
        <Text fw={600} size="sm" className={classes.wrap}>
          {review.wineDisplayName}
        </Text>
        <Text size="sm">
          {t('pricingPage.reviews.price')}{' '}
          <Change
            before={format.money(review.oldSellingPrice)}
            after={format.money(review.newSellingPrice)}
          />
        </Text>
        {(review.oldGlassPrice !== null || review.newGlassPrice !== null) && (
          <Text size="xs" c="dimmed">
            {t('pricingPage.reviews.glass')}{' '}
            <Change before={format.money(review.oldGlassPrice)} after={format.money(review.newGlassPrice)} />
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t(
            review.purchasePriceWvat !== null
              ? 'pricingPage.reviews.purchaseIncVat'
              : 'pricingPage.reviews.purchaseExVat',
            { price: format.money(purchase) },
          )}{' '}
          · {t('pricingPage.reviews.markup')}{' '}
          <Change before={format.percent(review.oldMarkup)} after={format.percent(review.newMarkup)} />
        </Text>
      </div>
      <Group gap="xs" className={classes.reviewActions}>
        <Button
          size="xs"
          variant="default"
          radius="xl"
          disabled={busy !== undefined}
          loading={busy === `dismiss:${review.ownWineId}`}
          onClick={() => onDecide('dismiss')}
          aria-label={t('pricingPage.reviews.dismissOne', { name: review.wineDisplayName })}
        >
          {t('pricingPage.reviews.dismiss')}
        </Button>
        <Button
          size="xs"
          radius="xl"
          disabled={busy !== undefined}
          loading={busy === `approve:${review.ownWineId}`}
          onClick={() => onDecide('approve')}
          aria-label={t('pricingPage.reviews.approveOne', { name: review.wineDisplayName })}
        >
          {t('pricingPage.reviews.approve')}
        </Button>
      </Group>
    </div>
  );
}

type PriceReviewsCurrency = Parameters<typeof useFormats>[0];
