import type { CurrencyCode, PricePreview, PriceRuleSet } from '@kork/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage, translateMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { CellarOwnerPage } from '../cellar/cellar-owner-page';
import {
  useApply,
  useDeleteRuleSet,
  usePreview,
  usePricingCellar,
  useRuleSets,
  useSetDefaultRuleSet,
} from './api/pricing';
import { ApplyModal, PricePreviewView } from './price-preview';
import { PriceReviews } from './price-reviews';
import classes from './pricing.module.css';
import { type EditorTarget, RuleSetEditor } from './rule-set-editor';
import { RuleSetList } from './rule-set-list';

export const PRICE_AUTOMATOR_PATH = '/wine-cellar/price-automator';

/** /wine-cellar/price-automator: rule sets, their preview and apply, and the prices to review. */
export function PriceAutomatorPage() {
  const { t } = useTranslation();
  return (
    <CellarOwnerPage
      title={t('pricingPage.title')}
      path={PRICE_AUTOMATOR_PATH}
      signedOut={t('pricingPage.signedOut')}
      signIn={t('pricingPage.signIn')}
    >
      {(userId) => <PriceAutomator key={userId} userId={userId} />}
    </CellarOwnerPage>
  );
}

function PriceAutomator({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const sets = useRuleSets(userId);
  const cellar = usePricingCellar(userId);
  const currency: CurrencyCode = cellar.data?.baseCurrency ?? 'NOK';
  const preview = usePreview(userId);
  const apply = useApply(userId);
  const setDefault = useSetDefaultRuleSet(userId);
  const remove = useDeleteRuleSet(userId);
  const [editing, setEditing] = useState<EditorTarget>();
  const [shown, setShown] = useState<{ set: PriceRuleSet; preview: PricePreview }>();
  const [confirming, setConfirming] = useState(false);
  const [applyRefusal, setApplyRefusal] = useState<string>();
  const [deleting, setDeleting] = useState<PriceRuleSet>();

  async function showPreview(set: PriceRuleSet) {
    try {
      const result = await preview.mutateAsync(set.id);
      setShown({ set, preview: result });
      requestAnimationFrame(() =>
        document
          .getElementById('price-preview-title')
          ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
      );
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  async function confirmApply() {
    if (!shown) return;
    setApplyRefusal(undefined);
    try {
      const result = await apply.mutateAsync(shown.set.id);
      setConfirming(false);
      setShown(undefined);
      notify.success(t('pricingPage.apply.done', { count: result.applied }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConfirming(false);
        notify.error(translateMessage('pricesChanged'));
        await showPreview(shown.set);
        return;
      }
      setApplyRefusal(errorMessage(error));
    }
  }

  async function makeDefault(set: PriceRuleSet) {
    try {
      await setDefault.mutateAsync(set.id);
      notify.success(t('pricingPage.sets.defaultDone', { name: set.name }));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('pricingPage.sets.deleted', { name: deleting.name }));
      if (shown?.set.id === deleting.id) setShown(undefined);
      setDeleting(undefined);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  const rows = sets.data?.rows ?? [];

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.heading}>
            <Title order={1} className={classes.title}>
              {t('pricingPage.title')}
            </Title>
            <Text c="dimmed">{t('pricingPage.intro')}</Text>
          </div>
          <Button
            radius="xl"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ mode: 'new' })}
          >
            {t('pricingPage.sets.new')}
          </Button>
        </Group>
      </header>

      <section className={classes.panel} aria-labelledby="rule-sets-title">
        <Title order={2} id="rule-sets-title" className={classes.sectionTitle} mb="sm">
          {t('pricingPage.sets.title')}
        </Title>
        {sets.isPending && (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        )}
        {sets.isError && (
          <Alert color="red" title={t('pricingPage.sets.loadError')}>
            <Button variant="light" size="xs" onClick={() => void sets.refetch()}>
              {t('pricingPage.retry')}
            </Button>
          </Alert>
        )}
        {sets.data && rows.length === 0 && (
          <div className={classes.empty}>
            <Text fw={600}>{t('pricingPage.sets.emptyTitle')}</Text>
            <Text c="dimmed" size="sm">
              {t('pricingPage.sets.emptyText')}
            </Text>
          </div>
        )}
        {rows.length > 0 && (
          <RuleSetList
            sets={rows}
            previewing={preview.isPending ? preview.variables : undefined}
            onPreview={(set) => void showPreview(set)}
            onEdit={(set) => setEditing({ mode: 'edit', set })}
            onCopy={(set) => setEditing({ mode: 'copy', set })}
            onDefault={(set) => void makeDefault(set)}
            onDelete={setDeleting}
          />
        )}
      </section>

      {shown && (
        <PricePreviewView
          set={shown.set}
          preview={shown.preview}
          refreshing={preview.isPending}
          onApply={() => {
            setApplyRefusal(undefined);
            setConfirming(true);
          }}
          onClose={() => setShown(undefined)}
        />
      )}

      <section className={classes.panel} aria-labelledby="price-reviews-title">
        <Title order={2} id="price-reviews-title" className={classes.sectionTitle}>
          {t('pricingPage.reviews.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('pricingPage.reviews.intro')}
        </Text>
        <PriceReviews userId={userId} />
      </section>

      <RuleSetEditor
        userId={userId}
        target={editing}
        currency={currency}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          if (shown?.set.id === saved.id) void showPreview(saved);
        }}
      />
      <ApplyModal
        opened={confirming && shown !== undefined}
        count={shown?.preview.count ?? 0}
        impact={shown?.preview.impact}
        currency={shown?.preview.currency ?? currency}
        name={shown?.set.name ?? ''}
        applying={apply.isPending}
        refusal={applyRefusal}
        onConfirm={() => void confirmApply()}
        onClose={() => setConfirming(false)}
      />
      <Modal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('pricingPage.sets.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('pricingPage.close') }}
      >
        <Text mb="md">{t('pricingPage.sets.deleteText', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={() => setDeleting(undefined)}>
            {t('pricingPage.cancel')}
          </Button>
          <Button color="red.9" radius="xl" loading={remove.isPending} onClick={() => void confirmDelete()}>
            {t('pricingPage.sets.delete')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
