import { CLOSED_STATUSES, INVOICE_UNBILLED, OPEN_STATUSES } from '@dd/shared';
import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lookupClient, lookupProvider, searchClients, searchProviders } from '../../api/choices';
import { SearchSelect } from '../../ui';
import { billingKeys, billingTitles, type InvoiceFilters } from './api';

/** The invoice filters: status (groups and each status), billing, provider, client, start and end date. */
const STATUS_OPTIONS = [
  {
    group: 'Groups',
    items: [
      { value: 'Open', label: 'All Open' },
      { value: 'Closed', label: 'All Closed' },
    ],
  },
  { group: 'Open', items: OPEN_STATUSES.map((s) => ({ value: s, label: s })) },
  { group: 'Closed', items: CLOSED_STATUSES.map((s) => ({ value: s, label: s })) },
];

export function InvoiceFilterBar({
  companyId,
  value,
  onChange,
  billingLocked,
}: {
  companyId: number;
  value: InvoiceFilters;
  onChange: (next: InvoiceFilters) => void;
  /** The screen shows one billing (its id is in the address). */
  billingLocked: boolean;
}) {
  const titles = useQuery({
    queryKey: billingKeys.titles(companyId),
    queryFn: ({ signal }) => billingTitles(companyId, signal),
  });
  const set = (patch: InvoiceFilters) => onChange({ ...value, ...patch });
  const billingOptions = [
    { value: INVOICE_UNBILLED, label: 'Not billed yet' },
    ...Object.entries(titles.data ?? {}).map(([id, title]) => ({ value: id, label: title })),
  ];
  const active = Object.values(value).some((v) => v !== undefined && v !== '');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-print-hide>
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={value.status ?? null}
        onChange={(status) => set({ status: status ?? undefined })}
        clearable
        searchable
      />
      <Select
        label="Billing"
        placeholder="Any billing"
        data={billingOptions}
        value={value.billing ?? null}
        onChange={(billing) => set({ billing: billing ?? undefined })}
        clearable
        disabled={billingLocked}
      />
      <SearchSelect
        label="Provider"
        placeholder="Any provider"
        kind="providers"
        value={value.provider}
        onChange={(provider) => set({ provider })}
        search={searchProviders}
        lookup={lookupProvider}
      />
      <SearchSelect
        label="Client"
        placeholder="Any client"
        kind={`clients-${companyId}`}
        value={value.client}
        onChange={(client) => set({ client })}
        search={(name, signal) => searchClients(companyId, name, signal)}
        lookup={lookupClient}
      />
      <TextInput
        type="date"
        label="Start date"
        value={value.start_date ?? ''}
        onChange={(e) => set({ start_date: e.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="End date"
        value={value.end_date ?? ''}
        onChange={(e) => set({ end_date: e.currentTarget.value || undefined })}
      />
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} />}
        onClick={() => onChange(billingLocked ? { billing: value.billing } : {})}
        disabled={!active}
        style={{ alignSelf: 'end' }}
      >
        Clear filters
      </Button>
    </SimpleGrid>
  );
}
