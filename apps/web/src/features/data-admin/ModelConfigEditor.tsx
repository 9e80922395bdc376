import {
  CHAR_DEFAULT_LIMIT,
  MODEL_FIELD_TYPES,
  type ModelConfig,
  type ModelConfigBody,
  type ModelFieldType,
  MSG,
} from '@dd/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const TYPE_OPTIONS = MODEL_FIELD_TYPES.map((t) => ({ value: t, label: t }));

/** The editable shape of a configuration: defaults as typed text. */
interface FieldRow {
  name: string;
  type: ModelFieldType;
  default: string;
  blank: boolean;
  limit: number | '';
}
interface RelationRow {
  name: string;
  model: string;
  alias: string;
}
export interface Draft {
  name: string;
  order: number | '';
  fields: FieldRow[];
  related: RelationRow[];
}

export const emptyDraft = (): Draft => ({ name: '', order: 0, fields: [], related: [] });

export function draftOf(config: ModelConfig): Draft {
  return {
    name: config.name,
    order: config.order,
    fields: config.data.fields.map((f) => ({
      name: f.name,
      type: f.type,
      default: f.default === undefined || f.default === null ? '' : String(f.default),
      blank: f.blank,
      limit: f.limit ?? '',
    })),
    related: config.data.related.map((r) => ({ name: r.name, model: r.model, alias: r.alias ?? '' })),
  };
}

function typedDefault(row: FieldRow): string | number | boolean | undefined {
  const text = row.default.trim();
  if (text === '') return undefined;
  if (row.type === 'Boolean') return text === 'true';
  if ((row.type === 'Integer' || row.type === 'Decimal') && Number.isFinite(Number(text)))
    return Number(text);
  return text;
}

export function bodyOf(draft: Draft): ModelConfigBody {
  return {
    name: draft.name.trim(),
    order: draft.order === '' ? 0 : draft.order,
    data: {
      fields: draft.fields.map((f) => ({
        name: f.name.trim(),
        type: f.type,
        blank: f.blank,
        ...(typedDefault(f) !== undefined && { default: typedDefault(f) }),
        ...(f.type === 'Char' && { limit: f.limit === '' ? CHAR_DEFAULT_LIMIT : f.limit }),
      })),
      related: draft.related.map((r) => ({
        name: r.name.trim(),
        model: r.model,
        ...(r.alias.trim() && { alias: r.alias.trim() }),
      })),
    },
  };
}

/** Field and relation names must differ (spec section 5: 'No duplicate names'). */
export function hasDuplicateNames(draft: Draft, others: string[]): boolean {
  const names = [
    ...draft.fields.map((f) => f.name.trim()),
    ...draft.related.map((r) => `${r.name.trim()}_id`),
  ];
  const model = draft.name.trim().toLowerCase();
  return new Set(names).size !== names.length || others.some((o) => o.toLowerCase() === model);
}

/** A titled table of rows edited in place, each with a remove button, and an add button under it. */
function EditableRows<T>(props: {
  title: string;
  minWidth: number;
  headers: [title: string, width?: number][];
  rows: T[];
  cells: (row: T, index: number) => ReactNode[];
  removeLabel: (row: T, index: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <>
      <Title order={3} size="h5">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {props.title.toLowerCase()} yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table verticalSpacing={6} aria-label={props.title}>
            <Table.Thead>
              <Table.Tr>
                {props.headers.map(([title, width]) => (
                  <Table.Th key={title} w={width}>
                    {title}
                  </Table.Th>
                ))}
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
                <Table.Tr key={i}>
                  {props.cells(row, i).map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one cell per header, in order
                    <Table.Td key={j}>{cell}</Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={props.removeLabel(row, i)}
                      onClick={() => props.onRemove(i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </Group>
    </>
  );
}

/** Name, order, fields and relations of one model configuration, edited in place. */
export function ModelConfigEditor(props: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  relationModels: { value: string; label: string }[];
  error: string | null;
}) {
  const { draft, onChange } = props;
  const setField = (i: number, patch: Partial<FieldRow>) =>
    onChange({ ...draft, fields: draft.fields.map((f, j) => (i === j ? { ...f, ...patch } : f)) });
  const setRelation = (i: number, patch: Partial<RelationRow>) =>
    onChange({ ...draft, related: draft.related.map((r, j) => (i === j ? { ...r, ...patch } : r)) });

  return (
    <Stack gap="md">
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput
          label="Name"
          required
          description="Letters, digits and spaces, such as Vendor Contact"
          value={draft.name}
          onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
        />
        <NumberInput
          label="Order"
          description="Where the model sits in lists"
          min={0}
          value={draft.order}
          onChange={(v) => onChange({ ...draft, order: typeof v === 'number' ? v : '' })}
        />
      </Group>

      <EditableRows
        title="Fields"
        minWidth={720}
        headers={[['Name'], ['Type', 140], ['Max Length', 120], ['Default'], ['Blank', 90]]}
        rows={draft.fields}
        removeLabel={(f, i) => `Remove field ${f.name || i + 1}`}
        onRemove={(i) => onChange({ ...draft, fields: draft.fields.filter((_, j) => j !== i) })}
        addLabel="Add Field"
        onAdd={() =>
          onChange({
            ...draft,
            fields: [...draft.fields, { name: '', type: 'Char', default: '', blank: true, limit: '' }],
          })
        }
        cells={(f, i) => [
          <TextInput
            key="name"
            aria-label={`Field ${i + 1} name`}
            value={f.name}
            placeholder="phone_number"
            onChange={(e) => setField(i, { name: e.currentTarget.value })}
          />,
          <Select
            key="type"
            aria-label={`Field ${i + 1} type`}
            data={TYPE_OPTIONS}
            value={f.type}
            allowDeselect={false}
            onChange={(v) => v && setField(i, { type: v as ModelFieldType })}
          />,
          f.type === 'Char' ? (
            <NumberInput
              key="limit"
              aria-label={`Field ${i + 1} max length`}
              min={1}
              max={10_000}
              placeholder={String(CHAR_DEFAULT_LIMIT)}
              value={f.limit}
              onChange={(v) => setField(i, { limit: typeof v === 'number' ? v : '' })}
            />
          ) : null,
          f.type === 'Boolean' ? (
            <Select
              key="default"
              aria-label={`Field ${i + 1} default`}
              data={[
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
              clearable
              value={f.default || null}
              onChange={(v) => setField(i, { default: v ?? '' })}
            />
          ) : (
            <TextInput
              key="default"
              aria-label={`Field ${i + 1} default`}
              value={f.default}
              onChange={(e) => setField(i, { default: e.currentTarget.value })}
            />
          ),
          <Checkbox
            key="blank"
            aria-label={`Field ${i + 1} may be blank`}
            checked={f.blank}
            onChange={(e) => setField(i, { blank: e.currentTarget.checked })}
          />,
        ]}
      />
      <EditableRows
        title="Relations"
        minWidth={600}
        headers={[['Name'], ['Model'], ['Alias']]}
        rows={draft.related}
        removeLabel={(r, i) => `Remove relation ${r.name || i + 1}`}
        onRemove={(i) => onChange({ ...draft, related: draft.related.filter((_, j) => j !== i) })}
        addLabel="Add Relation"
        onAdd={() => onChange({ ...draft, related: [...draft.related, { name: '', model: '', alias: '' }] })}
        cells={(r, i) => [
          <TextInput
            key="name"
            aria-label={`Relation ${i + 1} name`}
            value={r.name}
            placeholder="provider"
            onChange={(e) => setRelation(i, { name: e.currentTarget.value })}
          />,
          <Select
            key="model"
            aria-label={`Relation ${i + 1} model`}
            data={props.relationModels}
            value={r.model || null}
            searchable
            onChange={(v) => setRelation(i, { model: v ?? '' })}
          />,
          <TextInput
            key="alias"
            aria-label={`Relation ${i + 1} alias`}
            value={r.alias}
            onChange={(e) => setRelation(i, { alias: e.currentTarget.value })}
          />,
        ]}
      />
      <Text size="xs" c="dimmed">
        {MSG.noDuplicateNames}: every field and relation needs a name of its own, and so does every model.
      </Text>
    </Stack>
  );
}
