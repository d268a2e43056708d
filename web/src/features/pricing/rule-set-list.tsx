import type { PriceRuleSet } from '@kork/shared';
import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './pricing.module.css';

interface RuleSetListProps {
  sets: PriceRuleSet[];
  previewing: string | undefined;
  onPreview: (set: PriceRuleSet) => void;
  onEdit: (set: PriceRuleSet) => void;
  onCopy: (set: PriceRuleSet) => void;
  onDefault: (set: PriceRuleSet) => void;
  onDelete: (set: PriceRuleSet) => void;
}

/** The saved rule sets: name, basis, how many ranges, which is the default; preview and the other actions. */
export function RuleSetList({
  sets,
  previewing,
  onPreview,
  onEdit,
  onCopy,
  onDefault,
  onDelete,
}: RuleSetListProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.setList}>
      {sets.map((set) => (
        <li key={set.id} className={classes.card} data-testid="rule-set">
          <div className={classes.setRow}>
            <div className={classes.grow}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} className={classes.wrap}>
                  {set.name}
                </Text>
                {set.isDefault && (
                  <Badge variant="outline" color="teal.9" size="sm">
                    {t('pricingPage.sets.default')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t(`pricingPage.basis.${set.basis}`)} · {t(`pricingPage.direction.${set.direction}`)} ·{' '}
                {t('pricingPage.sets.ranges', { count: set.ranges.length })}
                {set.categoryIds?.length || set.locationIds?.length
                  ? ` · ${t('pricingPage.sets.filtered')}`
                  : ''}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                radius="xl"
                variant="light"
                loading={previewing === set.id}
                onClick={() => onPreview(set)}
                aria-label={t('pricingPage.sets.previewOne', { name: set.name })}
              >
                {t('pricingPage.sets.preview')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    aria-label={t('pricingPage.sets.more', { name: set.name })}
                  >
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => onEdit(set)}>{t('pricingPage.sets.edit')}</Menu.Item>
                  <Menu.Item onClick={() => onCopy(set)}>{t('pricingPage.sets.copy')}</Menu.Item>
                  {!set.isDefault && (
                    <Menu.Item onClick={() => onDefault(set)}>{t('pricingPage.sets.makeDefault')}</Menu.Item>
                  )}
                  <Menu.Item color="red.9" onClick={() => onDelete(set)}>
                    {t('pricingPage.sets.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </div>
        </li>
      ))}
    </ul>
  );
}
