/**
 * The staff list's filters: Law Firm, Client, Provider, Paralegal, Requestor, Status (with the Open and
 * Closed groups), Claimed By (staff members and 'Unclaimed'), Deadline (where the legal due date stands), rush only, new providers only, and the archived
 * requests instead of the active ones. Text filters wait for a pause in typing. On a phone they would fill
 * the first screen, so there they fold behind a 'Filters' button that counts the active ones.
 */
import { REQUEST_STATUSES, STATUS_GROUPS, type UserBrief } from '@dd/shared';
import { Badge, Box, Button, Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronDown, IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { lookupFirm, searchFirms } from '../../api/choices';
import { DeadlineSelect, SearchSelect } from '../../ui';
import { type ListState, TEXT_FILTERS, type TextFilter } from './list-params';

export interface RequestListFiltersProps {
  state: ListState;
  staff: UserBrief[];
  onChange: (change: Partial<ListState>) => void;
}

const STATUS_CHOICES = [
  {
    group: 'Groups',
    items: [
      { value: 'Open', label: STATUS_GROUPS.Open },
      { value: 'Closed', label: STATUS_GROUPS.Closed },
    ],
  },
  { group: 'Statuses', items: REQUEST_STATUSES.map((s) => ({ value: s, label: s })) },
];

const TEXT_LABELS: Record<TextFilter, string> = {
  client: 'Client',
  provider: 'Provider',
  paralegal: 'Paralegal',
  requestor: 'Requestor',
};

export function RequestListFilters({ state, staff, onChange }: RequestListFiltersProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const active = [
    state.firm !== undefined,
    state.status !== '',
    state.claimed !== '',
    state.deadline !== '',
    state.rush,
    state.newProvider,
    state.archived,
    ...TEXT_FILTERS.map((k) => state[k] !== ''),
  ].filter(Boolean).length;
  return (
    <Stack gap="xs">
      <Button
        hiddenFrom="sm"
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={<IconChevronDown size={16} style={{ rotate: open ? '180deg' : undefined }} />}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Filters (${active} active)`}
        onClick={() => setOpen((o) => !o)}
        style={{ alignSelf: 'flex-start' }}
      >
        Filters
        {active > 0 && (
          <Badge ml={8} size="sm" circle aria-hidden>
            {active}
          </Badge>
        )}
      </Button>
      <Box id={panelId} visibleFrom={open ? undefined : 'sm'}>
        <FilterFields state={state} staff={staff} onChange={onChange} active={active} />
      </Box>
    </Stack>
  );
}

function FilterFields({ state, staff, onChange, active }: RequestListFiltersProps & { active: number }) {
  const claimedChoices = [
    { value: 'none', label: 'Unclaimed' },
    ...staff.map((u) => ({ value: String(u.id), label: u.full_name })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
      <SearchSelect
        label="Law Firm"
        placeholder="Any law firm"
        kind="firms"
        value={state.firm}
        onChange={(firm) => onChange({ firm })}
        search={searchFirms}
        lookup={lookupFirm}
      />
      {TEXT_FILTERS.map((key) => (
        <TextFilterInput
          key={key}
          label={TEXT_LABELS[key]}
          value={state[key]}
          onChange={(v) => onChange({ [key]: v })}
        />
      ))}
      <Select
        label="Status"
        placeholder="Any status"
        size="sm"
        clearable
        data={STATUS_CHOICES}
        value={state.status || null}
        onChange={(status) => onChange({ status: status ?? '' })}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Claimed By"
        placeholder="Anyone"
        size="sm"
        clearable
        searchable
        data={claimedChoices}
        value={state.claimed || null}
        onChange={(claimed) => onChange({ claimed: claimed ?? '' })}
        nothingFoundMessage="Nothing found"
        comboboxProps={{ withinPortal: true }}
      />
      <DeadlineSelect value={state.deadline} onChange={(deadline) => onChange({ deadline })} />
      <Stack gap={6} mt={{ base: 0, xs: 24 }}>
        <Checkbox
          label="Rush only"
          checked={state.rush}
          onChange={(e) => onChange({ rush: e.currentTarget.checked })}
        />
        <Checkbox
          label="New providers only"
          checked={state.newProvider}
          onChange={(e) => onChange({ newProvider: e.currentTarget.checked })}
        />
        <Checkbox
          label="Archived requests"
          checked={state.archived}
          onChange={(e) => onChange({ archived: e.currentTarget.checked })}
        />
      </Stack>
      <Button
        variant="subtle"
        color="gray"
        size="sm"
        mt={{ base: 0, xs: 24 }}
        leftSection={<IconFilterOff size={16} />}
        disabled={active === 0}
        onClick={() =>
          onChange({
            firm: undefined,
            client: '',
            provider: '',
            paralegal: '',
            requestor: '',
            status: '',
            claimed: '',
            deadline: '',
            rush: false,
            newProvider: false,
            archived: false,
          })
        }
        style={{ alignSelf: 'start' }}
      >
        Clear Filters
      </Button>
    </SimpleGrid>
  );
}

/** A text box that reports its value 350 ms after typing stops, and follows outside changes. */
function TextFilterInput(props: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const report = useDebouncedCallback(props.onChange, 350);
  return (
    <TextInput
      label={props.label}
      placeholder={`Any ${props.label.toLowerCase()}`}
      size="sm"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
