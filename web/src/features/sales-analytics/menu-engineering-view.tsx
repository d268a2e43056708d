import {
  DEAD_STOCK_DAYS,
  LAST_SALE_LOOKBACK_DAYS,
  MENU_CLASSES,
  type MenuClass,
  type MenuEngineering,
  type MenuEngineeringRow,
} from '@kork/shared';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Accordion.layer.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenuEngineering } from './api/menu-engineering';
import { type Formats, useFormats } from './formats';
import classes from './sales-analytics.module.css';
import { TableScroll } from './table-scroll';

/** Wines a class shows before "Show all". */
const FIRST_WINES = 6;
const DEAD_DAY_CHOICES = [30, 60, DEAD_STOCK_DAYS.default, 180, 365];
const CLASS_COLOURS: Record<MenuClass, string> = {
  star: 'teal',
  plowhorse: 'blue',
  puzzle: 'grape',
  dog: 'gray',
};

export const wineLink = (ownWineId: string) => `/wine-cellar/wines?wine=${encodeURIComponent(ownWineId)}`;
export const listLink = (listId: string) => `/wine-cellar/wine-lists?list=${encodeURIComponent(listId)}`;

/**
 * Wine-list engineering (docs/sales-analytics.md): the listed wines of the page's period in their four
 * classes with what each class suggests, each list section's price ladder, and dead stock. Loaded after
 * the page's own figures.
 */
export function MenuEngineeringView({ userId, from, to }: { userId: string; from: string; to: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [listId, setListId] = useState<string | null>(null);
  const [deadDays, setDeadDays] = useState<number>(DEAD_STOCK_DAYS.default);
  const query = { from, to, deadDays, ...(listId ? { listId } : {}) };
  const engineering = useMenuEngineering(userId, query, true);
  const data = engineering.data;

  return (
    <section aria-labelledby={headingId} className={classes.panel} aria-busy={engineering.isFetching}>
      <Title order={2} id={headingId} className={classes.panelTitle}>
        {t('salesAnalytics.engineering.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('salesAnalytics.engineering.intro')}
      </Text>
      {engineering.isError && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          role="alert"
          title={t('salesAnalytics.engineering.loadError')}
        >
          <Button size="xs" radius="xl" variant="light" color="red" onClick={() => engineering.refetch()}>
            {t('salesAnalytics.retry')}
          </Button>
        </Alert>
      )}
      {!data && engineering.isPending && <Skeleton height={240} radius="md" aria-busy="true" />}
      {data && (
        <EngineeringResults
          data={data}
          listId={listId}
          onList={setListId}
          deadDays={deadDays}
          onDeadDays={setDeadDays}
        />
      )}
    </section>
  );
}

function EngineeringResults({
  data,
  listId,
  onList,
  deadDays,
  onDeadDays,
}: {
  data: MenuEngineering;
  listId: string | null;
  onList: (id: string | null) => void;
  deadDays: number;
  onDeadDays: (days: number) => void;
}) {
  const { t } = useTranslation();
  const { formats } = useFormats(data.currency);
  const names = new Map(data.rows.map((row) => [row.ownWineId, row.wineDisplayName]));

  if (data.lists.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{t('salesAnalytics.engineering.noLists')}</Text>
        <Button component={Link} to="/wine-cellar/wine-lists" radius="xl" variant="light">
          {t('salesAnalytics.engineering.makeList')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Select
        label={t('salesAnalytics.engineering.list')}
        data={[
          { value: '', label: t('salesAnalytics.engineering.allLists') },
          ...data.lists.map((list) => ({ value: list.id, label: list.name })),
        ]}
        value={listId ?? ''}
        onChange={(value) => onList(value ? value : null)}
        allowDeselect={false}
        maw={360}
      />
      <Text size="sm" data-testid="engineering-thresholds">
        {t('salesAnalytics.engineering.thresholds', {
          margin: formats.money(data.thresholds.margin),
          bottles: formats.decimal(data.thresholds.popularity, 1),
          share: formats.percent(data.thresholds.popularityShare * 100),
          wines: formats.count(data.thresholds.wines),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {MENU_CLASSES.map((klass) => (
          <ClassGroup
            key={klass}
            klass={klass}
            rows={data.rows.filter((r) => r.class === klass)}
            formats={formats}
          />
        ))}
      </SimpleGrid>
      {data.unpriced.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('salesAnalytics.engineering.unpriced', {
            count: data.unpriced.length,
            wines: data.unpriced
              .slice(0, 5)
              .map((wine) => wine.wineDisplayName)
              .join(', '),
          })}
        </Text>
      )}
      <PriceLadders data={data} formats={formats} names={names} />
      <DeadStock data={data} formats={formats} deadDays={deadDays} onDeadDays={onDeadDays} />
    </Stack>
  );
}

function ClassGroup({
  klass,
  rows,
  formats,
}: {
  klass: MenuClass;
  rows: MenuEngineeringRow[];
  formats: Formats;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const sorted = [...rows].sort((a, b) => b.bottles - a.bottles || b.margin - a.margin);
  const shown = all ? sorted : sorted.slice(0, FIRST_WINES);
  return (
    <section aria-labelledby={headingId} className={classes.engineeringClass} data-class={klass}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={3} id={headingId} size="h4">
          {t(`salesAnalytics.engineering.classes.${klass}`)}
        </Title>
        <Badge variant="default" radius="sm">
          {formats.count(rows.length)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`salesAnalytics.engineering.explain.${klass}`)}
      </Text>
      {rows.length === 0 && <Text size="sm">{t('salesAnalytics.engineering.noWines')}</Text>}
      <ul className={classes.engineeringList}>
        {shown.map((row) => (
          <li key={row.ownWineId} className={classes.engineeringRow}>
            <Text fw={600} size="sm" className={classes.wineName}>
              {row.wineDisplayName}
            </Text>
            <Text size="xs" c="dimmed">
              {t('salesAnalytics.engineering.figures', {
                margin: formats.money(row.margin),
                bottles: formats.decimal(row.bottles, 1),
                count: row.bottles,
                price: formats.money(row.sellingPrice),
              })}
            </Text>
            <Group gap="xs" mt={4}>
              <Button
                component={Link}
                to={klass === 'dog' && row.listId ? listLink(row.listId) : wineLink(row.ownWineId)}
                size="compact-sm"
                radius="xl"
                variant={klass === 'star' ? 'default' : 'light'}
                color={CLASS_COLOURS[klass]}
                aria-label={t(`salesAnalytics.engineering.actionFor.${row.action}`, {
                  wine: row.wineDisplayName,
                })}
              >
                {t(`salesAnalytics.engineering.actions.${row.action}`)}
              </Button>
              {klass === 'puzzle' && row.listId && (
                <Anchor
                  component={Link}
                  to={listLink(row.listId)}
                  size="sm"
                  aria-label={t('salesAnalytics.engineering.openListFor', { wine: row.wineDisplayName })}
                >
                  {t('salesAnalytics.engineering.openList')}
                </Anchor>
              )}
            </Group>
          </li>
        ))}
      </ul>
      {rows.length > FIRST_WINES && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAll((open) => !open)}
          aria-expanded={all}
        >
          {all
            ? t('salesAnalytics.engineering.showFewer')
            : t('salesAnalytics.engineering.showAll', { count: rows.length })}
        </Button>
      )}
    </section>
  );
}

function PriceLadders({
  data,
  formats,
  names,
}: {
  data: MenuEngineering;
  formats: Formats;
  names: Map<string, string>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} size="h4">
        {t('salesAnalytics.engineering.ladders.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('salesAnalytics.engineering.ladders.intro', {
          gap: formats.percent(data.ladder.gapPercent),
          crowding: formats.percent(data.ladder.crowdingPercent),
          count: data.ladder.crowdingMin,
        })}
      </Text>
      <Accordion variant="separated" radius="md" multiple>
        {data.sections.map((section) => {
          const gaps = section.steps.filter((s) => s.gapPercent !== undefined).length;
          const crowded = section.steps.filter((s) => s.crowded).length;
          return (
            <Accordion.Item key={section.id || 'other'} value={section.id || 'other'}>
              <Accordion.Control>
                <Text fw={600} size="sm">
                  {section.name || t('salesAnalytics.engineering.ladders.other')}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    t('salesAnalytics.engineering.ladders.wines', { count: section.steps.length }),
                    t('salesAnalytics.engineering.ladders.gaps', { count: gaps }),
                    t('salesAnalytics.engineering.ladders.crowdedCount', { count: crowded }),
                  ].join(' · ')}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ol className={classes.engineeringList}>
                  {section.steps.map((step) => (
                    <li key={step.ownWineId} className={classes.ladderStep}>
                      <span className={classes.ladderPrice}>{formats.money(step.price)}</span>
                      <Anchor
                        component={Link}
                        to={wineLink(step.ownWineId)}
                        size="sm"
                        className={classes.ladderWine}
                      >
                        {step.wineDisplayName || names.get(step.ownWineId)}
                      </Anchor>
                      {step.gapPercent !== undefined && (
                        <Badge color="red.9" variant="filled" radius="sm">
                          {t('salesAnalytics.engineering.ladders.gap', {
                            percent: formats.percent(step.gapPercent),
                          })}
                        </Badge>
                      )}
                      {step.crowded && (
                        <Badge color="grape.9" variant="filled" radius="sm">
                          {t('salesAnalytics.engineering.ladders.crowded')}
                        </Badge>
                      )}
                    </li>
                  ))}
                </ol>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </section>
  );
}

function DeadStock({
  data,
  formats,
  deadDays,
  onDeadDays,
}: {
  data: MenuEngineering;
  formats: Formats;
  deadDays: number;
  onDeadDays: (days: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const dead = data.deadStock;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} size="h4">
        {t('salesAnalytics.engineering.dead.title')}
      </Title>
      <Group align="flex-end" gap="md" my="xs">
        <Select
          label={t('salesAnalytics.engineering.dead.days')}
          data={DEAD_DAY_CHOICES.map((days) => ({
            value: String(days),
            label: t('salesAnalytics.engineering.dead.dayChoice', { count: days }),
          }))}
          value={String(deadDays)}
          onChange={(value) => value && onDeadDays(Number(value))}
          allowDeselect={false}
          w={180}
        />
        <Text size="sm" fw={600}>
          {t('salesAnalytics.engineering.dead.summary', {
            count: dead.count,
            capital: formats.money(dead.capital),
          })}
        </Text>
      </Group>
      {dead.rows.length > 0 && (
        <TableScroll minWidth={420} label={t('salesAnalytics.engineering.dead.caption')}>
          <Table striped className={classes.table}>
            <Table.Caption className={classes.visuallyHidden}>
              {t('salesAnalytics.engineering.dead.caption')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('salesAnalytics.columns.wine')}</Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.stock')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.engineering.dead.lastSale')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.engineering.dead.capital')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dead.rows.slice(0, 25).map((row) => (
                <Table.Tr key={row.ownWineId}>
                  <Table.Td>
                    <Anchor component={Link} to={wineLink(row.ownWineId)} size="sm">
                      {row.wineDisplayName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.number}>{formats.count(row.stock)}</Table.Td>
                  <Table.Td className={classes.number}>
                    {row.daysSinceSale !== undefined
                      ? formats.count(row.daysSinceSale)
                      : row.atLeastDays !== undefined
                        ? t('salesAnalytics.engineering.dead.atLeast', {
                            days: formats.count(row.atLeastDays),
                          })
                        : t('salesAnalytics.engineering.dead.never')}
                  </Table.Td>
                  <Table.Td className={classes.number}>{formats.money(row.capital)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {dead.rows.some((row) => row.atLeastDays !== undefined) && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('salesAnalytics.engineering.dead.searched', { days: LAST_SALE_LOOKBACK_DAYS })}
        </Text>
      )}
    </section>
  );
}

export default MenuEngineeringView;
