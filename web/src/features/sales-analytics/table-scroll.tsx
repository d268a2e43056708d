import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own box on a narrow screen, never the page. The box can take
 * focus, so the part out of sight can be scrolled to from the keyboard too; it is named after its table.
 */
export function TableScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="group" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
