import { type ClientMatch, isMatchableSsn, ssnMatchMessage } from '@dd/shared';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { TextField, useFormValue } from '../../ui';
import { findClientsBySsn } from './api';

/**
 * The client's SSN with its format check. On a new client, leaving the field with a well-formed SSN
 * looks for a client of the same firm with that SSN and offers to use it instead (spec section 5).
 */
export interface SsnFieldProps {
  companyId: number;
  /** Only a new client is checked for duplicates. */
  checkDuplicates: boolean;
  onUseExisting: (client: ClientMatch) => void;
}

export function SsnField({ companyId, checkDuplicates, onUseExisting }: SsnFieldProps) {
  const [value] = useFormValue<string>('ssn');
  const [match, setMatch] = useState<ClientMatch | null>(null);
  const checked = useRef<string | null>(null);

  // A notice about another number must not stay up once the SSN is edited.
  useEffect(() => {
    if (checked.current !== null && checked.current !== (value ?? '').trim()) {
      checked.current = null;
      setMatch(null);
    }
  }, [value]);

  const check = async () => {
    const ssn = (value ?? '').trim();
    if (!checkDuplicates || !isMatchableSsn(ssn) || checked.current === ssn) return;
    checked.current = ssn;
    try {
      const [found] = await findClientsBySsn(companyId, ssn);
      if (checked.current === ssn) setMatch(found ?? null);
    } catch {
      // The look-up only helps; saving still works without it.
      checked.current = null;
    }
  };

  const [before, after] = match ? ssnMatchMessage(match.full_name).split('click here') : [];
  return (
    <Stack gap="xs" onBlur={() => void check()}>
      <TextField
        name="ssn"
        label="SSN"
        required
        placeholder="123-45-6789 or None"
        autoComplete="off"
        inputMode="text"
        maxLength={20}
        description="Format ddd-dd-dddd. Enter None if the client has no SSN."
      />
      {match && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {before}
          <Anchor component="button" type="button" inherit fw={600} onClick={() => onUseExisting(match)}>
            click here
          </Anchor>
          {after}
        </Alert>
      )}
    </Stack>
  );
}
