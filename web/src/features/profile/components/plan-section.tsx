import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountPlan } from '../../billing';
import classes from './settings-section.module.css';

/** The account's plan: what it pays for and until when, or what Plus and Pro would give and where to buy them. */
export function PlanSection() {
  const { t } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="profile-plan">
      <Title order={2} size="h3" id="profile-plan" className={classes.heading}>
        {t('billing.profile.heading')}
      </Title>
      <AccountPlan headingOrder={3} embedded />
    </section>
  );
}
