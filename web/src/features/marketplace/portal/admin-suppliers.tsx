import { SupplierAccountLink, type SupplierSummary } from '@kork/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { adminSupplierQuery } from '../api/supplier-queries';
import classes from './portal.module.css';
import { type AdminChange, type AdminSupplier, useAdminChange, useAdminSuppliers } from './portal-queries';

const SEARCH_MAX = 200;

/** The suppliers an admin links importer accounts to, and turns order import on for (SPEC §6). */
export function AdminSuppliers() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim().slice(0, SEARCH_MAX), 300);
  const [page, setPage] = useState(1);
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    setPage(1);
  }
  const list = useAdminSuppliers(search, page);
  const [opened, setOpened] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / 20));
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('supplierPortal.admin.search')}
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {list.isError && !list.data && (
        <Alert color="red.9" variant="outline">
          {errorMessage(list.error)}
        </Alert>
      )}
      {!list.data && !list.isError && <Skeleton height={300} />}
      {list.data?.rows.length === 0 && <Text c="dimmed">{t('supplierPortal.admin.none')}</Text>}
      {list.data && list.data.rows.length > 0 && (
        <ul className={classes.suppliers} aria-busy={list.isFetching}>
          {list.data.rows.map((supplier) => (
            <li key={supplier.id} className={classes.supplier} data-testid="admin-supplier">
              <div className={classes.supplierMain}>
                <Text fw={600}>{supplier.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('supplierPortal.admin.wines', {
                    count: supplier.wineCount,
                    n: numbers.format(supplier.wineCount),
                  })}
                </Text>
              </div>
              <Group gap="xs">
                <Badge
                  variant="outline"
                  radius="sm"
                  tt="none"
                  color={supplier.hasAccount ? 'teal.9' : 'gray.8'}
                >
                  {supplier.hasAccount
                    ? t('supplierPortal.admin.linked')
                    : t('supplierPortal.admin.notLinked')}
                </Badge>
                <Button
                  size="xs"
                  variant="default"
                  aria-expanded={opened === supplier.id}
                  aria-label={t('supplierPortal.admin.manageOf', { name: supplier.name })}
                  onClick={() => setOpened(opened === supplier.id ? null : supplier.id)}
                >
                  {t('supplierPortal.admin.manage')}
                </Button>
              </Group>
              {opened === supplier.id && <SupplierAdminPanel summary={supplier} />}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('supplierPortal.admin.pages')}>
          <Pagination
            getControlProps={(control) => ({ 'aria-label': t(`supplierPortal.pagination.${control}`) })}
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            siblings={1}
            boundaries={1}
          />
        </nav>
      )}
    </Stack>
  );
}

/** One supplier's linked account and order import, opened under its row. */
function SupplierAdminPanel({ summary }: { summary: SupplierSummary }) {
  const { t } = useTranslation();
  const profile = useQuery(adminSupplierQuery(summary.id));
  const change = useAdminChange(summary.id);
  const [answer, setAnswer] = useState<AdminSupplier | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const supplier: AdminSupplier | undefined = answer ?? profile.data;

  const run = (next: AdminChange) =>
    change.mutate(next, {
      onSuccess: (changed) => {
        setAnswer(changed);
        setEmail('');
        notify.success(t('supplierPortal.admin.saved'));
      },
      onError: (failure) => {
        if (next.kind === 'link') setEmailError(errorMessage(failure));
        else notify.error(errorMessage(failure));
      },
    });

  const link = () => {
    const found = schemaErrors(SupplierAccountLink, { email: email.trim() });
    setEmailError(found.email);
    if (!found.email) run({ kind: 'link', email: email.trim() });
  };

  if (!supplier) return <Skeleton height={80} w="100%" />;
  return (
    <Stack gap="sm" w="100%" data-testid="supplier-admin-panel">
      <Switch
        checked={supplier.orderImportActive}
        disabled={change.isPending}
        onChange={(event) => run({ kind: 'orderImport', active: event.currentTarget.checked })}
        label={t('supplierPortal.admin.orderImport')}
        description={
          supplier.orderImportActive
            ? t('supplierPortal.admin.active')
            : t('supplierPortal.admin.needsActivation')
        }
      />
      {supplier.hasAccount ? (
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            {supplier.linkedAccount
              ? t('supplierPortal.admin.linkedTo', { email: supplier.linkedAccount.email })
              : t('supplierPortal.admin.linked')}
          </Text>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            loading={change.isPending}
            onClick={() => run({ kind: 'unlink' })}
          >
            {t('supplierPortal.admin.unlink')}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            link();
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              type="email"
              label={t('supplierPortal.admin.email')}
              description={t('supplierPortal.admin.emailHint')}
              value={email}
              maxLength={254}
              error={emailError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(undefined);
              }}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={change.isPending}>
              {t('supplierPortal.admin.link')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
