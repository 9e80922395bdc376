import {
  BILLING_MSG,
  feeApprovalCaption,
  fieldErrorsOf,
  formatDate,
  formatMoney,
  type InvoiceLine,
  InvoiceLineBodySchema,
  type RequestStatus,
} from '@dd/shared';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { DataTable, type DataTableProps, StatusBadge } from '../../ui';
import { billingKeys, saveLine } from './api';

/**
 * A company's invoice lines. For administrators an unbilled line's provider cost and surcharge are
 * inputs with a Save button per line ('Saved' shows for 5 seconds); a billed line is read-only. The
 * amounts are checked with the line route's own schema before they are sent, and its message (or the
 * server's, by field) shows under the input it is about. The kit's <Form> cannot hold them: one line's
 * inputs and button sit in different cells of the table.
 */
const SAVED_FOR_MS = 5000;
// A request has at most one unbilled line, so its key stays the same when saving gives the line an id
// (a new key would remount the row and drop its 'Saved').
const lineKey = (l: InvoiceLine) => (l.bill_id === null ? `request-${l.request.id}` : `line-${l.id}`);

type Draft = { provider_cost: string; auto_added_surcharge: string };
/** A line's messages by input; `line` is one about no input (shown by its Save button). */
type LineErrors = Partial<Record<keyof Draft | 'line', string>>;

const INPUTS = ['provider_cost', 'auto_added_surcharge'] as const;

/** Messages by field (the schema's, or the server's `fields`) placed on the inputs, the rest on the line. */
function placeErrors(fields: Record<string, string>, message?: string): LineErrors {
  const placed: LineErrors = {};
  for (const input of INPUTS) if (fields[input]) placed[input] = fields[input];
  const others = Object.entries(fields)
    .filter(([name]) => !INPUTS.includes(name as keyof Draft))
    .map(([, text]) => text);
  if (others.length === 0 && message && !placed.provider_cost && !placed.auto_added_surcharge)
    others.push(message);
  if (others.length > 0) placed.line = others.join(' ');
  return placed;
}

function LineAmountInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <TextInput
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      size="xs"
      w={96}
      inputMode="decimal"
      leftSection={<Text size="xs">$</Text>}
      error={error}
    />
  );
}

function SaveLine({
  line,
  draft,
  error,
  onErrors,
}: {
  line: InvoiceLine;
  draft: Draft;
  error?: string;
  onErrors: (errors: LineErrors) => void;
}) {
  const queryClient = useQueryClient();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_FOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  const mutation = useMutation({
    mutationFn: () => saveLine(line, draft),
    onSuccess: () => {
      onErrors({});
      setSavedAt(Date.now());
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: (failure) =>
      onErrors(placeErrors(failure instanceof ApiError ? (failure.fields ?? {}) : {}, failure.message)),
  });
  const save = () => {
    const problems = fieldErrorsOf(InvoiceLineBodySchema, draft);
    onErrors(placeErrors(problems));
    if (Object.keys(problems).length === 0) mutation.mutate();
  };
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          onClick={save}
          loading={mutation.isPending}
          aria-label={`Save the line of request ${line.request.internal_number ?? line.request.id}`}
        >
          Save
        </Button>
        {savedAt !== null && (
          <Text size="sm" c="green.8" fw={600} role="status">
            {BILLING_MSG.saved}
          </Text>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function InvoiceLinesTable({
  lines,
  loading,
  canEdit,
  paging,
}: {
  lines: InvoiceLine[] | undefined;
  loading: boolean;
  canEdit: boolean;
  paging: Pick<
    DataTableProps<InvoiceLine>,
    'page' | 'pageSize' | 'total' | 'onPageChange' | 'pageSizes' | 'onPageSizeChange'
  >;
}) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, LineErrors>>({});
  const draftOf = (l: InvoiceLine): Draft =>
    drafts[lineKey(l)] ?? {
      provider_cost: l.provider_cost,
      auto_added_surcharge: l.auto_added_surcharge,
    };
  const setDraft = (l: InvoiceLine, patch: Partial<Draft>) => {
    setDrafts((all) => ({ ...all, [lineKey(l)]: { ...draftOf(l), ...patch } }));
    // An edited amount drops its message, as in the kit's forms.
    setErrors((all) => {
      const kept = { ...all[lineKey(l)] };
      for (const input of Object.keys(patch)) delete kept[input as keyof Draft];
      return { ...all, [lineKey(l)]: kept };
    });
  };
  const editable = (l: InvoiceLine) => canEdit && l.bill_id === null;
  const reference = (l: InvoiceLine) => l.request.internal_number ?? String(l.request.id);

  return (
    <DataTable<InvoiceLine>
      objectName="Invoice line"
      emptyText="No invoice lines match these filters."
      rows={lines}
      loading={loading}
      rowKey={lineKey}
      minWidth={1200}
      compact
      columns={[
        {
          key: 'request',
          title: 'Request',
          render: (l) => (
            <Stack gap={0}>
              <Anchor component={Link} to={`/request/${l.request.id}/`} fw={600}>
                {reference(l)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDate(l.request.created_at)}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'client',
          title: 'Client / Provider',
          render: (l) => (
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {l.request.client}
              </Text>
              <Text size="xs" c="dimmed">
                {l.request.provider ?? 'No provider'}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'status',
          title: 'Status',
          minWidth: 200,
          render: (l) => (
            <Group gap={4}>
              <StatusBadge status={l.request.status as RequestStatus} size="md" />
              {l.request.rush && (
                <Badge color="red" variant="filled" size="sm" tt="none">
                  Rush
                </Badge>
              )}
            </Group>
          ),
        },
        { key: 'price', title: 'Fee', render: (l) => formatMoney(l.price), align: 'right' },
        {
          key: 'provider_cost',
          title: 'Provider Cost',
          align: 'right',
          render: (l) =>
            editable(l) ? (
              <LineAmountInput
                label={`Provider cost of request ${reference(l)}`}
                value={draftOf(l).provider_cost}
                onChange={(provider_cost) => setDraft(l, { provider_cost })}
                error={errors[lineKey(l)]?.provider_cost}
              />
            ) : (
              <ProviderCost line={l} />
            ),
        },
        { key: 'page_fee', title: 'Page Fee', render: (l) => formatMoney(l.page_fee), align: 'right' },
        {
          key: 'auto_added_surcharge',
          title: 'Surcharge',
          align: 'right',
          render: (l) =>
            editable(l) ? (
              <LineAmountInput
                label={`Surcharge of request ${reference(l)}`}
                value={draftOf(l).auto_added_surcharge}
                onChange={(auto_added_surcharge) => setDraft(l, { auto_added_surcharge })}
                error={errors[lineKey(l)]?.auto_added_surcharge}
              />
            ) : (
              formatMoney(l.auto_added_surcharge)
            ),
        },
        {
          key: 'total',
          title: 'Total',
          align: 'right',
          render: (l) => <Text fw={600}>{formatMoney(l.total)}</Text>,
        },
        {
          key: 'bill',
          title: 'Billing',
          minWidth: 170,
          render: (l) =>
            l.bill_title ? (
              <Stack gap={2} align="flex-start">
                <Text size="sm">{l.bill_title}</Text>
                <Badge size="sm" variant="light" tt="none" color={l.is_paid ? 'green' : 'orange'}>
                  {l.is_paid ? 'Paid' : 'Not Paid'}
                </Badge>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Not billed
              </Text>
            ),
        },
        ...(canEdit
          ? [
              {
                key: 'save',
                title: 'Save',
                render: (l: InvoiceLine) =>
                  editable(l) ? (
                    <SaveLine
                      line={l}
                      draft={draftOf(l)}
                      error={errors[lineKey(l)]?.line}
                      onErrors={(found) => setErrors((all) => ({ ...all, [lineKey(l)]: found }))}
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      Billed
                    </Text>
                  ),
              },
            ]
          : []),
      ]}
      {...paging}
    />
  );
}

/** The provider's charge, with the firm's approval under it when the firm had to approve it. */
export function ProviderCost({ line }: { line: InvoiceLine }) {
  return (
    <>
      {formatMoney(line.provider_cost)}
      {line.fee_approval && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {feeApprovalCaption(line.fee_approval, formatDate)}
        </Text>
      )}
    </>
  );
}
