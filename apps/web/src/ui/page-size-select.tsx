/** 'Rows per page' chooser for server-paged lists. */
import { DASHBOARD_PAGE_SIZES } from '@dd/shared';
import { NativeSelect } from '@mantine/core';

export interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
  /** @default [10, 20, 30, 40, 50, 100] */
  choices?: readonly number[];
  label?: string;
}

export function PageSizeSelect({
  value,
  onChange,
  choices = DASHBOARD_PAGE_SIZES,
  label = 'Rows per page',
}: PageSizeSelectProps) {
  return (
    <NativeSelect
      label={label}
      size="xs"
      w={130}
      value={String(value)}
      data={choices.map(String)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
