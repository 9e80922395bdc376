/**
 * A select whose options come from a server-side name search (clients, providers and law firms can be
 * thousands). The chosen option's label is looked up by id, so a value restored from the address shows.
 */
import { truncateLabel } from '@dd/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

/** One option of a search select: an id and the text shown. */
export interface Choice {
  id: number;
  label: string;
}

export interface SearchSelectProps
  extends Pick<SelectProps, 'label' | 'placeholder' | 'error' | 'size' | 'required' | 'aria-label' | 'w'> {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** Cache key prefix, e.g. 'firms'. */
  kind: string;
  search: (name: string, signal?: AbortSignal) => Promise<Choice[]>;
  lookup: (id: number, signal?: AbortSignal) => Promise<Choice>;
}

export function SearchSelect({ value, onChange, kind, search, lookup, ...props }: SearchSelectProps) {
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, 250);
  const [open, setOpen] = useState(false);
  const options = useQuery({
    queryKey: ['search-choices', kind, typed],
    queryFn: ({ signal }) => search(typed, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const selected = useQuery({
    queryKey: ['search-choice', kind, value],
    queryFn: ({ signal }) => lookup(value as number, signal),
    enabled: value !== undefined && !options.data?.some((c) => c.id === value),
    staleTime: 5 * 60_000,
  });

  const data = useMemo(() => {
    const list = [...(options.data ?? [])];
    const current = selected.data;
    if (current && !list.some((c) => c.id === current.id)) list.unshift(current);
    return list.map((c) => ({ value: String(c.id), label: truncateLabel(c.label) }));
  }, [options.data, selected.data]);

  const selectedLabel = data.find((o) => o.value === String(value))?.label;
  return (
    <Select
      size="sm"
      searchable
      clearable
      // Picking the chosen option again keeps it (the clear button clears); Mantine's default would deselect.
      allowDeselect={false}
      {...props}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(id) => onChange(id === null ? undefined : Number(id))}
      // The box shows the chosen label; that is not a search.
      onSearchChange={(next) => setText(next === selectedLabel ? '' : next)}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
