import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import type { TreeOption } from './tree-options';

interface TreeSelectProps extends Omit<SelectProps, 'data' | 'renderOption'> {
  /** Options at the top, before the tree (e.g. "Uncategorized" or "None"). */
  leading?: { value: string; label: string }[];
  options: TreeOption[];
}

/** A Select over a tree (locations, wine list categories) with sub-items indented by depth. */
export function TreeSelect({ leading = [], options, ...props }: TreeSelectProps) {
  const depths = useMemo(() => new Map(options.map((option) => [option.value, option.depth])), [options]);
  const data = useMemo(
    () => [...leading, ...options.map(({ value, label }) => ({ value, label }))],
    [leading, options],
  );
  return (
    <Select
      {...props}
      data={data}
      renderOption={({ option }) => (
        <span style={{ paddingInlineStart: `${(depths.get(option.value) ?? 0) * 16}px` }}>
          {option.label}
        </span>
      )}
    />
  );
}
