import type { AdminField } from '@dd/shared';
import { Switch } from '@mantine/core';
import {
  type Choice,
  DateField,
  DecimalField,
  NumberField,
  SearchSelect,
  TextAreaField,
  TextField,
  useFormField,
} from '../../ui';
import { getRecord, listOptions } from './api';

/** A boolean field as a switch, bound to the surrounding <Form>. */
function SwitchField({ field }: { field: AdminField }) {
  const bound = useFormField<boolean>(field.name, { label: field.label, defaultValue: false });
  return (
    <Switch
      id={bound.id}
      label={field.label}
      checked={bound.value ?? false}
      onChange={(e) => bound.setValue(e.currentTarget.checked)}
      error={bound.error}
    />
  );
}

/** A relation as a select of the related model's records, searched by name (`?values_list=id`). */
function RelationField({ field }: { field: AdminField }) {
  const app = field.related_app ?? '';
  const model = field.related_model ?? '';
  const bound = useFormField<number | null>(field.name, { label: field.label, required: field.required });
  return (
    <SearchSelect
      label={field.label}
      required={field.required}
      error={bound.error}
      value={bound.value ?? undefined}
      onChange={(id) => bound.setValue(id ?? null)}
      kind={`admin-${app}-${model}`}
      search={(text, signal) => listOptions(app, model, text, signal)}
      lookup={async (id, signal): Promise<Choice> => {
        const record = await getRecord(app, model, id, signal);
        return { id: record.id, label: record.label || `#${record.id}` };
      }}
    />
  );
}

/**
 * One field of the instance form, chosen by its type (spec section 9): text → text input, long text →
 * text area, numbers → number input (a decimal's kept as the digits typed), boolean → switch, dates → date field, relation → select.
 */
export function AdminFieldInput({ field }: { field: AdminField }) {
  const common = { name: field.name, label: field.label, required: field.required };
  switch (field.type) {
    case 'longtext':
      return <TextAreaField {...common} />;
    case 'integer':
      return <NumberField {...common} step={1} />;
    case 'decimal':
      return (
        <DecimalField {...common} description={field.money ? 'Dollars, for example 38.00' : undefined} />
      );
    case 'boolean':
      return <SwitchField field={field} />;
    case 'date':
      return <DateField {...common} />;
    case 'relation':
      return <RelationField field={field} />;
    case 'datetime':
      return <TextField {...common} description="yyyy-mm-dd hh:mm" />;
    default:
      return <TextField {...common} maxLength={field.max_length ?? undefined} />;
  }
}
