import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import classes from './dashboard.module.css';

interface DashboardPanelProps {
  title: string;
  /** A link onward from the panel ("See all history"). */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One block of the cellar home: a headed section, named by its heading for landmark navigation. */
export function DashboardPanel({ title, more, children }: DashboardPanelProps) {
  const id = useId();
  return (
    <section className={classes.panel} aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} id={id} className={classes.panelTitle}>
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} size="sm" className={classes.more}>
            {more.label}
            <IconArrowRight size={14} aria-hidden />
          </Anchor>
        )}
      </Group>
      {children}
    </section>
  );
}
