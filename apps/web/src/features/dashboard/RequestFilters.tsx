/**
 * The requests list's filters: Requestor (paralegal), Client, Provider, Status (with the 'All Open' and
 * 'All Closed' groups), Deadline (where the legal due date stands) and Days Old. The status choices follow the open/all toggle.
 */
import {
  CLOSED_STATUSES,
  type DeadlineStatus,
  OPEN_STATUSES,
  REQUEST_STATUSES,
  STATUS_GROUPS,
  truncateLabel,
} from '@dd/shared';
import { Button, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { lookupClient, lookupProvider, searchClients, searchProviders } from '../../api/choices';
import { DeadlineSelect, SearchSelect } from '../../ui';
import { type DashboardTarget, useCompanyUsers } from './api';

export interface RequestFilterValues {
  paralegal?: number;
  client?: number;
  provider?: number;
  status: string;
  /** '' (any) or where the legal due date stands. */
  deadline: DeadlineStatus | '';
  daysOld: number;
}

export interface RequestFiltersProps {
  target: DashboardTarget;
  openOnly: boolean;
  values: RequestFilterValues;
  onChange: (values: Partial<RequestFilterValues>) => void;
  onClear: () => void;
}

/** Whether a status filter still makes sense when only open requests are shown. */
export function statusFitsOpen(status: string): boolean {
  return status === '' || status === 'Open' || (OPEN_STATUSES as readonly string[]).includes(status);
}

function statusChoices(openOnly: boolean) {
  const groups = openOnly
    ? [{ value: 'Open', label: STATUS_GROUPS.Open }]
    : [
        { value: 'Open', label: STATUS_GROUPS.Open },
        { value: 'Closed', label: STATUS_GROUPS.Closed },
      ];
  const statuses = openOnly ? OPEN_STATUSES : REQUEST_STATUSES;
  return [
    { group: 'Groups', items: groups },
    {
      group: openOnly ? 'Open statuses' : 'Statuses',
      items: statuses.map((s) => ({ value: s, label: truncateLabel(s) })),
    },
  ];
}

export function RequestFilters({ target, openOnly, values, onChange, onClear }: RequestFiltersProps) {
  const users = useCompanyUsers(target.companyId);
  const userChoices = useMemo(
    () => (users.data ?? []).map(({ User }) => ({ value: String(User.id), label: User.full_name })),
    [users.data],
  );
  const statusData = useMemo(() => statusChoices(openOnly), [openOnly]);
  const filtered =
    values.paralegal !== undefined ||
    values.client !== undefined ||
    values.provider !== undefined ||
    values.status !== '' ||
    values.deadline !== '' ||
    values.daysOld > 0;
  const closedOnly = (CLOSED_STATUSES as readonly string[]).includes(values.status);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 7 }} spacing="sm" verticalSpacing="xs" data-print-hide>
      <Select
        label="Requestor"
        placeholder="Any paralegal"
        size="sm"
        searchable
        clearable
        data={userChoices}
        value={values.paralegal === undefined ? null : String(values.paralegal)}
        onChange={(id) => onChange({ paralegal: id === null ? undefined : Number(id) })}
        nothingFoundMessage="Nothing found"
        comboboxProps={{ withinPortal: true }}
      />
      <SearchSelect
        label="Client"
        placeholder="Any client"
        kind={`clients-${target.companyId}`}
        value={values.client}
        onChange={(client) => onChange({ client })}
        search={(name, signal) => searchClients(target.companyId, name, signal)}
        lookup={lookupClient}
      />
      <SearchSelect
        label="Provider"
        placeholder="Any provider"
        kind="providers"
        value={values.provider}
        onChange={(provider) => onChange({ provider })}
        search={searchProviders}
        lookup={lookupProvider}
      />
      <Select
        label="Status"
        placeholder="Any status"
        size="sm"
        clearable
        data={statusData}
        value={values.status || null}
        onChange={(status) => onChange({ status: status ?? '' })}
        error={openOnly && closedOnly ? 'Closed statuses appear under See All Requests' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <DeadlineSelect value={values.deadline} onChange={(deadline) => onChange({ deadline })} />
      <NumberInput
        label="Days Old"
        description="At least this many days"
        inputWrapperOrder={['label', 'input', 'description']}
        size="sm"
        min={0}
        max={10000}
        allowDecimal={false}
        allowNegative={false}
        value={values.daysOld}
        onChange={(value) => onChange({ daysOld: typeof value === 'number' ? value : 0 })}
      />
      <Button
        variant="subtle"
        color="gray"
        size="sm"
        mt={{ base: 0, xs: 24 }}
        leftSection={<IconFilterOff size={16} />}
        onClick={onClear}
        disabled={!filtered}
        style={{ alignSelf: 'start' }}
      >
        Clear Filters
      </Button>
    </SimpleGrid>
  );
}
