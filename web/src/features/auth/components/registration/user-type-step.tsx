import { USER_TYPES, type UserType } from '@kork/shared';
import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconBed,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconGlassFull,
  IconGrape,
  IconToolsKitchen2,
  IconTruckDelivery,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RegistrationValues } from '../../registration-form';
import classes from './user-type-step.module.css';

const ICONS: Record<UserType, typeof IconUser> = {
  PRIVATE_USER: IconUser,
  RESTAURANT: IconToolsKitchen2,
  WINE_BAR: IconGlassFull,
  HOTEL: IconBed,
  STORE: IconBuildingStore,
  WINE_PRODUCER: IconGrape,
  WINE_IMPORTER: IconTruckDelivery,
  WHOLESALER: IconBuildingWarehouse,
};

/** Step 2: a private wine lover or one of the business types (SPEC §3), as cards to pick one of. */
export function UserTypeStep({ form }: { form: UseFormReturnType<RegistrationValues> }) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('auth.registration.typeQuestion')} required {...form.getInputProps('userType')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
        {USER_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <Radio.Card key={type} value={type} radius="md" className={classes.card}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Icon size={24} stroke={1.5} aria-hidden className={classes.icon} />
                <div>
                  <Text fw={600} size="sm">
                    {t(`account.userType.${type}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`auth.registration.typeHint.${type}`)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
