import {
  POS_PRODUCT_KINDS,
  type PosProductFeed,
  type PosProductKind,
  type PosUnmappedProduct,
} from '@kork/shared';
import { Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage } from '../../lib/form-schema';
import { formatDay } from '../../lib/format-day';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { useMapPosProduct, useNeedsMapping, usePosFeed } from './api/pos';
import classes from './pos-section.module.css';

type Options = { group: string; items: { value: string; label: string }[] }[];

/** The cellar's products grouped by kind (bottle, glass, recipe), each with its price. */
function productOptions(
  feed: PosProductFeed | undefined,
  kindName: (kind: PosProductKind) => string,
): Options {
  if (!feed) return [];
  const locale = currentLocale();
  return POS_PRODUCT_KINDS.map((kind) => ({
    group: kindName(kind),
    items: feed.products
      .filter((product) => product.kind === kind)
      .map((product) => ({
        value: product.productId,
        label:
          product.price === null
            ? product.name
            : `${product.name} · ${formatMoney(product.price, feed.currency, locale)}`,
      })),
  })).filter((group) => group.items.length > 0);
}

/** Till product ids no cellar product has: their lines wait until the owner says what they are. */
export function PosMappingPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const waiting = useNeedsMapping(userId);
  const rows = waiting.data?.rows ?? [];
  const feed = usePosFeed(userId, rows.length > 0);
  const options = useMemo(
    () => productOptions(feed.data, (kind) => t(`posPage.mapping.kinds.${kind}`)),
    [feed.data, t],
  );

  return (
    <section className={classes.section} aria-labelledby="pos-mapping-heading">
      <Title order={3} size="h4" id="pos-mapping-heading" mb={4}>
        {t('posPage.mapping.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('posPage.mapping.intro')}
      </Text>
      {waiting.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={72} />
        </Stack>
      )}
      {(waiting.isError || feed.isError) && (
        <Stack align="flex-start" gap="xs" role="alert">
          <Text size="sm">{errorMessage(waiting.error ?? feed.error)}</Text>
          <Button
            size="compact-sm"
            variant="outline"
            radius="xl"
            onClick={() => void (waiting.isError ? waiting.refetch() : feed.refetch())}
          >
            {t('posPage.retry')}
          </Button>
        </Stack>
      )}
      {waiting.data && rows.length === 0 && <Text size="sm">{t('posPage.mapping.empty')}</Text>}
      {rows.length > 0 && (
        <ul className={classes.list} aria-label={t('posPage.mapping.listLabel')}>
          {rows.map((row) => (
            <MappingRow
              key={row.productId}
              userId={userId}
              row={row}
              options={options}
              loading={feed.isPending}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MappingRow({
  userId,
  row,
  options,
  loading,
}: {
  userId: string;
  row: PosUnmappedProduct;
  options: Options;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const map = useMapPosProduct(userId);
  const [target, setTarget] = useState<string | null>(null);

  async function submit() {
    if (!target) return;
    try {
      const outcome = await map.mutateAsync({ productId: row.productId, target });
      const recorded = t('posPage.mapping.mapped', { count: outcome.recorded });
      notify.success(
        outcome.waiting > 0
          ? `${recorded} · ${t('posPage.mapping.waiting', { count: outcome.waiting })}`
          : recorded,
      );
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <li className={classes.mappingRow}>
      <div className={classes.grow}>
        <code className={classes.code}>{row.productId}</code>
        <Text size="xs" c="dimmed" mt={4}>
          {t('posPage.mapping.facts', {
            lines: t('posPage.mapping.lineCount', { count: row.lines }),
            sold: row.quantity,
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('posPage.mapping.sold', { first: formatDay(row.firstSoldAt), last: formatDay(row.lastSoldAt) })}
        </Text>
      </div>
      <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.mappingControls}>
        <Select
          className={classes.grow}
          label={t('posPage.mapping.target')}
          aria-label={t('posPage.mapping.targetAria', { productId: row.productId })}
          placeholder={t('posPage.mapping.targetPlaceholder')}
          nothingFoundMessage={t('posPage.mapping.nothingFound')}
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          disabled={loading || map.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        <Button radius="xl" loading={map.isPending} disabled={!target} onClick={() => void submit()}>
          {t('posPage.mapping.map')}
        </Button>
      </Group>
    </li>
  );
}
