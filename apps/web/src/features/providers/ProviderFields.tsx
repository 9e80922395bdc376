import { PROVIDER_KIND_LABELS, PROVIDER_KINDS } from '@dd/shared';
import { Alert, Anchor, Grid, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSiteSettings } from '../../api/settings';
import { AddressSearch, SelectField, TextAreaField, TextField } from '../../ui';
import type { ProviderConflict } from './api';

const KIND_OPTIONS = PROVIDER_KINDS.map((kind) => ({ value: kind, text: PROVIDER_KIND_LABELS[kind] }));

/**
 * The provider's fields (spec section 3), shared by the add-provider modal and /editProvider/; their rules
 * (name required, one plain e-mail address) are ProviderFormSchema's, which both forms check.
 */
export function ProviderFields({ autoFocus }: { autoFocus?: boolean }) {
  const settings = useSiteSettings();
  return (
    <>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField name="name" label="Name" required maxLength={200} autoFocus={autoFocus} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField name="kind" label="Kind" options={KIND_OPTIONS} searchable={false} />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField name="email" label="Email" type="email" autoComplete="off" maxLength={254} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="off" maxLength={50} />
        <TextField name="fax" label="Fax" type="tel" autoComplete="off" maxLength={50} />
      </SimpleGrid>
      {settings.data?.geocoder && <AddressSearch />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="address_1" label="Address 1" maxLength={200} />
        <TextField name="address_2" label="Address 2" maxLength={200} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField name="city" label="City" maxLength={100} />
        <TextField name="state" label="State" maxLength={50} />
        <TextField name="zip_code" label="Zip Code" maxLength={20} />
      </SimpleGrid>
      <TextAreaField name="notes" label="Notes" minRows={3} />
    </>
  );
}

/** The spec's duplicate-name message, with 'Assign Provider: {name}' as the action that picks the existing one. */
export function ProviderExistsNotice({
  conflict,
  onAssign,
}: {
  conflict: ProviderConflict;
  onAssign?: (provider: ProviderConflict['provider']) => void;
}) {
  const action = `Assign Provider: ${conflict.provider.name}`;
  const at = conflict.error.indexOf(action);
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {at < 0 || !onAssign ? (
        conflict.error
      ) : (
        <>
          {conflict.error.slice(0, at)}
          <Anchor
            component="button"
            type="button"
            inherit
            fw={600}
            onClick={() => onAssign(conflict.provider)}
          >
            {action}
          </Anchor>
          {conflict.error.slice(at + action.length)}
        </>
      )}
    </Alert>
  );
}
