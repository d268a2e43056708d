import type { CellarLocation, Sale, SaleLine, SaleParty } from '@kork/shared';
import { Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { formatCount, formatDecimal } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { ConvertedNote } from '../config/components/converted-note';
import { useViewMoney } from '../config/view-money';
import { useDeleteSale } from './api/sales';
import { partyName } from './sales-export';
import classes from './sales-page.module.css';
import { locationName, locationNames } from './sales-shared';

interface SaleDetailProps {
  sale: Sale | undefined;
  onClose: () => void;
  userId: string;
  locations: CellarLocation[];
}

function Party({ title, party }: { title: string; party: SaleParty | undefined }) {
  const name = partyName(party);
  const rest = [party?.phone, party?.email, party?.address].filter(Boolean);
  if (!name && rest.length === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      {name && <Text size="sm">{name}</Text>}
      {rest.map((value) => (
        <Text key={value} size="sm" className={classes.wrap} style={{ whiteSpace: 'pre-line' }}>
          {value}
        </Text>
      ))}
    </div>
  );
}

/** A recipe's revenue line from the till (`recipe:<id>`), not a wine's. */
function isRecipeRevenue(line: SaleLine): boolean {
  return line.kind === 'recipe' && line.ownWineId.startsWith('recipe:');
}

/**
 * How the till sold a line (docs/pos.md): glasses with what they poured, a recipe's servings, an
 * ingredient's pour, and the bottles the stock lacked.
 */
function TillLineFacts({ line, money }: { line: SaleLine; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const price = money(line.unitPrice);
  const cl = formatDecimal(line.pouredCl ?? 0, locale, 2);
  const facts =
    line.kind === 'glass'
      ? t('salesPage.detail.glassFacts', { count: line.servings ?? 0, cl, price })
      : isRecipeRevenue(line)
        ? t('salesPage.detail.recipeFacts', { price })
        : t('salesPage.detail.pourFacts', { cl });
  return (
    <Text size="xs" c="dimmed">
      {facts}
      {!isRecipeRevenue(line) && line.units > 0
        ? ` · ${t('salesPage.detail.bottlesOut', { count: line.units })}`
        : ''}
    </Text>
  );
}

/**
 * Where a till pour's bottles left stock from, each location with its bottles: every location when they
 * came from more than one (`placements`), else the line's one location.
 */
function PourPlacements({ line, names }: { line: SaleLine; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (isRecipeRevenue(line)) return null;
  const from =
    line.placements && line.placements.length > 0
      ? line.placements
      : line.units > 0
        ? [{ locationId: line.locationId, bottles: line.units }]
        : [];
  if (from.length === 0) return null;
  const places = from
    .map(({ locationId, bottles }) =>
      t('salesPage.detail.placement', {
        location: locationName(
          names,
          locationId,
          t('salesPage.uncategorized'),
          t('salesPage.unknownLocation'),
        ),
        bottles: formatCount(bottles, locale),
      }),
    )
    .join(', ');
  return (
    <Text size="xs" c="dimmed" className={classes.wrap}>
      {t('salesPage.detail.bottlesFrom', { places })}
    </Text>
  );
}

/** A till line the stock could not give in full: the sale happened, the stock went to 0. */
function ShortfallNote({ shortfall }: { shortfall: number | undefined }) {
  const { t } = useTranslation();
  if (shortfall === undefined || shortfall <= 0) return null;
  return (
    <Text size="xs" c="red.9">
      {t('salesPage.detail.shortfall', {
        count: shortfall,
        bottles: formatDecimal(shortfall, currentLocale(), 2),
      })}
    </Text>
  );
}

/** One sale: who bought what, from where, and deleting it (its bottles go back). */
export function SaleDetail({ sale, onClose, userId, locations }: SaleDetailProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const remove = useDeleteSale(userId);
  const [confirming, setConfirming] = useState(false);
  const names = useMemo(() => locationNames(locations), [locations]);
  // Kept in the cellar's currency, shown in the viewer's (converted, with the rate named).
  const view = useViewMoney(sale?.currency);
  const money = (minor: number) => formatMoney(view.toView(minor), view.currency, locale);

  return (
    <>
      <Drawer
        opened={sale !== undefined && !confirming}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'md'}
        title={sale ? t('salesPage.detail.title', { date: formatDay(sale.date, locale) }) : ''}
        closeButtonProps={{ 'aria-label': t('salesPage.detail.close') }}
      >
        {sale && (
          <Stack gap="md">
            {sale.posTransactionId && (
              <Group gap="xs">
                <Badge variant="outline" color="blue.9">
                  {t('salesPage.detail.fromTill')}
                </Badge>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {t('salesPage.detail.tillTransaction', { id: sale.posTransactionId })}
                </Text>
              </Group>
            )}
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed">
                  {t('salesPage.columns.units')}
                </Text>
                <Text fw={700}>{formatCount(sale.units, locale)}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('salesPage.columns.total')}
                </Text>
                <Text fw={700} className={classes.money}>
                  {money(sale.totalPrice)}
                </Text>
              </div>
            </Group>
            <ConvertedNote money={view} />
            <Party title={t('salesPage.form.customer')} party={sale.customer} />
            <Party title={t('salesPage.form.contactPerson')} party={sale.contactPerson} />
            {sale.distributor && (
              <div>
                <Text size="xs" c="dimmed">
                  {t('salesPage.form.distributor')}
                </Text>
                <Text size="sm">{sale.distributor}</Text>
              </div>
            )}
            {sale.storeForDelivery && (
              <div>
                <Text size="xs" c="dimmed">
                  {t('salesPage.form.storeForDelivery')}
                </Text>
                <Text size="sm">{sale.storeForDelivery}</Text>
              </div>
            )}
            <section aria-labelledby="sale-detail-products">
              <Title order={3} size="h6" id="sale-detail-products" mb={4}>
                {t('salesPage.form.products')}
              </Title>
              <ul className={classes.lines}>
                {sale.products.map((line) => (
                  <li
                    key={`${line.ownWineId}/${line.locationId ?? '_'}/${line.units}/${line.unitPrice}/${line.byGlass}/${line.kind ?? ''}/${line.recipeId ?? ''}`}
                    className={classes.line}
                  >
                    <Text size="sm" fw={600} className={classes.wrap}>
                      {isRecipeRevenue(line)
                        ? t('salesPage.detail.recipeLine', {
                            count: line.servings ?? 0,
                            name: line.wineDisplayName,
                          })
                        : line.wineDisplayName}
                    </Text>
                    {line.kind ? (
                      <>
                        <TillLineFacts line={line} money={money} />
                        <PourPlacements line={line} names={names} />
                      </>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('salesPage.detail.lineFacts', {
                          count: line.units,
                          price: money(line.unitPrice),
                          location: locationName(
                            names,
                            line.locationId,
                            t('salesPage.uncategorized'),
                            t('salesPage.unknownLocation'),
                          ),
                        })}
                        {line.byGlass ? ` · ${t('salesPage.form.byGlass')}` : ''}
                      </Text>
                    )}
                    <ShortfallNote shortfall={line.shortfall} />
                    <Text size="sm" ta="right" className={classes.money}>
                      {money(line.total)}
                    </Text>
                  </li>
                ))}
              </ul>
            </section>
            {sale.note && (
              <div>
                <Text size="xs" c="dimmed">
                  {t('salesPage.form.note')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} className={classes.wrap}>
                  {sale.note}
                </Text>
              </div>
            )}
            <Text size="xs" c="dimmed">
              {t('salesPage.detail.recordedBy', { name: sale.createdByName })}
            </Text>
            <Button
              color="red.9"
              variant="outline"
              radius="xl"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('salesPage.detail.delete')}
            </Button>
          </Stack>
        )}
      </Drawer>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('salesPage.detail.deleteTitle')}
        confirmLabel={t('salesPage.detail.deleteConfirm')}
        onConfirm={async () => {
          if (!sale) return;
          await remove.mutateAsync(sale.id);
          notify.success(t('salesPage.detail.deleted'));
          setConfirming(false);
          onClose();
        }}
      >
        <Text>{t('salesPage.detail.deleteText', { count: sale?.units ?? 0 })}</Text>
      </ConfirmModal>
    </>
  );
}
