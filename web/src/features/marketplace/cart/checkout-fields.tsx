import { INVOICE_METHODS, MARKETPLACE_LIMITS } from '@kork/shared';
import { Fieldset, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CheckoutValues } from './checkout-form';

type Form = UseFormReturnType<CheckoutValues>;

/** §3 Billing: organization number, invoice method and e-mail, name, address, phone. */
export function BillingFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const method = form.getValues().billing.invoiceMethod;
  return (
    <Fieldset legend={t('marketCart.checkout.billing')} radius="md">
      <Stack gap="sm">
        <TextInput
          label={t('marketCart.checkout.organizationNumber')}
          description={t('marketCart.checkout.organizationNumberHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          withAsterisk
          key={form.key('billing.organizationNumber')}
          {...form.getInputProps('billing.organizationNumber')}
        />
        <Radio.Group
          label={t('marketCart.checkout.invoiceMethod')}
          key={form.key('billing.invoiceMethod')}
          {...form.getInputProps('billing.invoiceMethod')}
        >
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
            {INVOICE_METHODS.map((value) => (
              <Radio key={value} value={value} label={t(`marketCart.checkout.invoiceMethods.${value}`)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <TextInput
          type="email"
          label={t('marketCart.checkout.invoiceEmail')}
          autoComplete="email"
          maxLength={254}
          withAsterisk={method === 'email'}
          key={form.key('billing.invoiceEmail')}
          {...form.getInputProps('billing.invoiceEmail')}
        />
        <TextInput
          label={t('marketCart.checkout.billingName')}
          autoComplete="organization"
          maxLength={MARKETPLACE_LIMITS.nameMax}
          withAsterisk
          key={form.key('billing.name')}
          {...form.getInputProps('billing.name')}
        />
        <AddressFields form={form} part="billing" />
        <TextInput
          type="tel"
          label={t('marketCart.checkout.phone')}
          autoComplete="tel"
          maxLength={MARKETPLACE_LIMITS.phoneMax}
          key={form.key('billing.phone')}
          {...form.getInputProps('billing.phone')}
        />
      </Stack>
    </Fieldset>
  );
}

function AddressFields({ form, part }: { form: Form; part: 'billing' | 'delivery' }) {
  const { t } = useTranslation();
  const section = part === 'billing' ? 'billing' : 'shipping';
  return (
    <>
      <TextInput
        label={t('marketCart.checkout.street')}
        autoComplete={`${section} street-address`}
        maxLength={MARKETPLACE_LIMITS.streetMax}
        withAsterisk
        key={form.key(`${part}.street`)}
        {...form.getInputProps(`${part}.street`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('marketCart.checkout.postalCode')}
          inputMode="numeric"
          autoComplete={`${section} postal-code`}
          maxLength={10}
          withAsterisk
          key={form.key(`${part}.postalCode`)}
          {...form.getInputProps(`${part}.postalCode`)}
        />
        <TextInput
          label={t('marketCart.checkout.city')}
          autoComplete={`${section} address-level2`}
          maxLength={MARKETPLACE_LIMITS.cityMax}
          withAsterisk
          key={form.key(`${part}.city`)}
          {...form.getInputProps(`${part}.city`)}
        />
      </SimpleGrid>
    </>
  );
}

/** §3 Delivery: recipient, address, phone, care of, TINE number. */
export function DeliveryFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('marketCart.checkout.delivery')} radius="md">
      <Stack gap="sm">
        <TextInput
          label={t('marketCart.checkout.recipient')}
          autoComplete="shipping name"
          maxLength={MARKETPLACE_LIMITS.nameMax}
          withAsterisk
          key={form.key('delivery.recipient')}
          {...form.getInputProps('delivery.recipient')}
        />
        <TextInput
          label={t('marketCart.checkout.careOf')}
          maxLength={MARKETPLACE_LIMITS.careOfMax}
          key={form.key('delivery.careOf')}
          {...form.getInputProps('delivery.careOf')}
        />
        <AddressFields form={form} part="delivery" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="tel"
            label={t('marketCart.checkout.phone')}
            autoComplete="shipping tel"
            maxLength={MARKETPLACE_LIMITS.phoneMax}
            key={form.key('delivery.phone')}
            {...form.getInputProps('delivery.phone')}
          />
          <TextInput
            label={t('marketCart.checkout.tineNumber')}
            description={t('marketCart.checkout.tineNumberHint')}
            maxLength={MARKETPLACE_LIMITS.tineNumberMax}
            key={form.key('delivery.tineNumber')}
            {...form.getInputProps('delivery.tineNumber')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
