import { wineDisplayName } from '@kork/shared';
import { ActionIcon, Alert, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { wineImageSources } from '../../../lib/wine-image';
import { formatDate, producerBesideName, useVintageText, winePath } from '../../../lib/wine-text';
import { removeWantToTry, wantToTryKeys, wantToTryQuery } from '../api/want-to-try';
import classes from './want-to-try-list.module.css';

interface WantToTryListProps {
  userId: string;
  /** The person's first name or full name, for the empty list. */
  name: string;
  /** The person's own profile: each wine can be taken off the list. */
  own: boolean;
}

function List({ userId, name, own }: WantToTryListProps) {
  const { t, i18n } = useTranslation();
  const vintageText = useVintageText();
  const headingId = useId();
  const client = useQueryClient();
  const list = useQuery(wantToTryQuery(userId));
  const remove = useMutation({
    mutationFn: (wineId: string) => removeWantToTry(userId, wineId),
    onSuccess: async () => {
      notify.success(t('wineLover.wantToTry.removed'));
      await client.invalidateQueries({ queryKey: wantToTryKeys.list(userId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const rows = list.data?.rows ?? [];

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="md">
        {t('wineLover.wantToTry.title')}
      </Title>
      {list.isPending && <Skeleton height={64} radius="lg" />}
      {list.isError && (
        <Alert color="wine" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('wineLover.wantToTry.error')}</Text>
            <Button size="xs" variant="white" radius="xl" onClick={() => void list.refetch()}>
              {t('wine.page.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed">
          {own ? t('wineLover.wantToTry.emptyOwn') : t('wineLover.wantToTry.empty', { name })}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.list}>
          {rows.map((row) => {
            const wine = row.wine;
            if (!wine) return null;
            const wineName = wineDisplayName({ wineName: wine.name, producerName: wine.producer });
            return (
              <li key={row.wineId} className={classes.item}>
                <Link to={winePath(wine.id)} className={classes.wine}>
                  <img
                    {...wineImageSources(wine.imageUrl, 32, wine.mainCategoryId)}
                    alt=""
                    className={classes.image}
                    loading="lazy"
                  />
                  <span className={classes.text}>
                    <span className={classes.name}>{wineName}</span>
                    <Text size="sm" c="dimmed" component="span" display="block">
                      {[
                        producerBesideName(wineName, wine.producer),
                        vintageText(wine.vintage),
                        t('wineLover.wantToTry.addedOn', {
                          date: formatDate(row.addedAt, i18n.resolvedLanguage),
                        }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </span>
                </Link>
                {own && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    radius="xl"
                    size="lg"
                    aria-label={t('wineLover.wantToTry.remove', { name: wineName })}
                    loading={remove.isPending && remove.variables === row.wineId}
                    onClick={() => remove.mutate(row.wineId)}
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A person's Want to try list on their profile: the wines, newest first; on their own, each can be removed. */
export function WantToTryList(props: WantToTryListProps) {
  return (
    <QueryProvider>
      <List {...props} />
    </QueryProvider>
  );
}
