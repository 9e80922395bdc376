import { Alert, Anchor, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSiteSettings } from '../../api/settings';
import { AddressSearch, TextAreaField, TextField } from '../../ui';
import type { ProviderConflict } from './api';

/**
 * The provider's fields (spec section 3), shared by the add-provider modal and /editProvider/; their rules
 * (name required, one plain e-mail address) are ProviderFormSchema's, which both forms check.
 */
export function ProviderFields({ autoFocus }: { autoFocus?: boolean }) {
  const settings = useSiteSettings();
  return (
    <>
      <TextField name="name" label="Name" required maxLength={200} autoFocus={autoFocus} />
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
