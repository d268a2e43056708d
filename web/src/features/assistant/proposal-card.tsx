import type { AssistantCartProposalItem, AssistantProposal } from '@kork/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage } from '../../lib/form-schema';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { cellarKeys } from '../cellar/api/cellar-queries';
import { updateCellarWine } from '../cellar/api/update-cellar-wine';
import { addCartItem } from '../marketplace/api/marketplace';
import { marketCellarQuery, storeAdded } from '../marketplace/cart/cart-queries';
import classes from './assistant.module.css';
import { wineLinkPath } from './markdown';

/**
 * A change the assistant proposes, shown exactly as it would be made; nothing changes until "Confirm".
 * Confirming calls the routes a person would use by hand (every rule, idempotency and audit entry
 * applies), each item with an `Idempotency-Key` made from the proposal's id: a double tap, a retry or
 * the same card confirmed again after a reload changes nothing twice.
 */

/** The `Idempotency-Key` of one item of a proposal (the route takes 8–128 of `A–Z a–z 0–9 _ . : -`). */
export function proposalKey(proposalId: string, item = 0): string {
  return `assistant:${proposalId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 100)}:${item}`;
}

/** A wine's name with its vintage, unless the name already ends with it (the catalogue's display names do). */
function wineName(name: string, vintage: number | null | undefined): string {
  return vintage && !name.endsWith(String(vintage)) ? `${name} ${vintage}` : name;
}

/** Puts every item in the cart (one call each, in order) or sets the price; answers when all are done. */
function useConfirmProposal(proposal: AssistantProposal) {
  const client = useQueryClient();
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : '';
  return useMutation({
    mutationFn: async () => {
      if (proposal.kind === 'price') {
        await updateCellarWine(
          userId,
          proposal.cellarWineId,
          { sellingPrice: proposal.newPrice },
          proposalKey(proposal.id),
        );
        await client.invalidateQueries({ queryKey: cellarKeys.all(userId) });
        return;
      }
      const cellarId = await client.fetchQuery(marketCellarQuery(userId));
      if (!cellarId) throw new Error('no cellar');
      for (const [index, item] of proposal.items.entries()) {
        const added = await addCartItem(
          cellarId,
          { supplierId: item.supplierId, wineId: item.wineId, quantity: item.quantity },
          proposalKey(proposal.id, index),
        );
        // The navbar's count follows each line as it lands; the cart is read again where it is shown.
        storeAdded(client, cellarId, added);
      }
    },
  });
}

function CartLines({ items }: { items: AssistantCartProposalItem[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const currency = items[0]?.currency;
  const sameCurrency = items.every((item) => item.currency === currency);
  const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  return (
    <>
      <ul className={classes.proposalLines}>
        {items.map((item) => {
          const name = wineName(item.wineName, item.vintage);
          const path = item.cellarWineId ? wineLinkPath(`kork:wine/${item.cellarWineId}`) : undefined;
          return (
            <li key={`${item.supplierId}:${item.wineId}`} className={classes.proposalLine}>
              <Text size="sm" fw={600}>
                {path ? (
                  <Link to={path} className={classes.wineLink}>
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t('assistant.proposal.supplier', { supplier: item.supplierName })}
              </Text>
              <Text size="sm">
                {t('assistant.proposal.line', {
                  count: item.quantity,
                  price: formatMoney(item.unitPrice, item.currency, locale),
                  total: formatMoney(item.unitPrice * item.quantity, item.currency, locale),
                })}
              </Text>
            </li>
          );
        })}
      </ul>
      {sameCurrency && currency && items.length > 1 && (
        <Text size="sm" fw={700}>
          {t('assistant.proposal.total', { total: formatMoney(total, currency, locale) })}
        </Text>
      )}
    </>
  );
}

export function ProposalCard({
  proposal,
  confirmed,
  onConfirmed,
}: {
  proposal: AssistantProposal;
  /** Confirmed earlier in this conversation: shows its outcome and cannot be confirmed again. */
  confirmed: boolean;
  onConfirmed: (proposalId: string) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmProposal(proposal);
  const [dismissed, setDismissed] = useState(false);
  // A second tap before the first one's answer starts nothing (the button turns busy one render later).
  const started = useRef(false);
  const locale = currentLocale();

  const onConfirm = () => {
    if (started.current || confirmed) return;
    started.current = true;
    confirm.mutate(undefined, {
      onSuccess: () => onConfirmed(proposal.id),
      onError: () => {
        started.current = false;
      },
    });
  };

  const titleId = `proposal-${proposal.id}`;
  return (
    <section className={classes.proposal} aria-labelledby={titleId} data-testid="assistant-proposal">
      <Text fw={700} id={titleId}>
        {proposal.kind === 'cart' ? t('assistant.proposal.cartTitle') : t('assistant.proposal.priceTitle')}
      </Text>
      {proposal.kind === 'cart' ? (
        <CartLines items={proposal.items} />
      ) : (
        <div>
          <Text size="sm" fw={600}>
            {(() => {
              const name = wineName(proposal.wineName, proposal.vintage);
              const path = wineLinkPath(`kork:wine/${proposal.cellarWineId}`);
              return path ? (
                <Link to={path} className={classes.wineLink}>
                  {name}
                </Link>
              ) : (
                name
              );
            })()}
          </Text>
          <Text size="sm">
            {t('assistant.proposal.priceChange', {
              from:
                proposal.currentPrice === null
                  ? t('assistant.proposal.noPrice')
                  : formatMoney(proposal.currentPrice, proposal.currency, locale),
              to: formatMoney(proposal.newPrice, proposal.currency, locale),
            })}
          </Text>
        </div>
      )}
      {confirm.isError && (
        <Alert color="wine" variant="light" role="alert" p="xs">
          <Text size="sm">{errorMessage(confirm.error)}</Text>
        </Alert>
      )}
      {confirmed ? (
        <Text size="sm" fw={600} c="green.8" role="status" className={classes.proposalDone}>
          <IconCheck size={16} aria-hidden />
          {proposal.kind === 'cart'
            ? t('assistant.proposal.addedToCart')
            : t('assistant.proposal.priceUpdated')}
        </Text>
      ) : dismissed ? (
        <Text size="sm" c="dimmed" role="status">
          {t('assistant.proposal.dismissed')}
        </Text>
      ) : (
        <Group gap="sm">
          <Button radius="xl" color="wine.8" size="sm" loading={confirm.isPending} onClick={onConfirm}>
            {t('assistant.proposal.confirm')}
          </Button>
          <Button
            radius="xl"
            variant="default"
            size="sm"
            disabled={confirm.isPending}
            onClick={() => setDismissed(true)}
          >
            {t('assistant.proposal.dismiss')}
          </Button>
        </Group>
      )}
    </section>
  );
}
