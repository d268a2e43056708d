import { Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './map-unavailable.module.css';

/**
 * Stands where the map would be. The map needs a tile service this build cannot reach, so the place is
 * given by address and coordinates instead, and the person is told why there is no map (SPEC §8).
 */
export function MapUnavailable() {
  const { t } = useTranslation();
  return (
    <div className={classes.box} role="note">
      <IconMapOff size={22} stroke={1.5} aria-hidden className={classes.icon} />
      <div>
        <Text fw={600} size="sm">
          {t('account.map.unavailable')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('account.map.hint')}
        </Text>
      </div>
    </div>
  );
}
