import { HIPAA_MISSING, MSG } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { ClientPicker } from './ClientPicker';

const base = {
  maiden_name: 'NA',
  custom_code: null,
  address_1: 'NA',
  address_2: 'NA',
  city: 'Denver',
  state: 'CO',
  zip_code: '80202',
  email: null,
  phone_number: null,
  fax_number: null,
  hipaa_consent_url: 'hipaa-forms/a.pdf',
  company: 7,
  has_ssn: true,
  created_at: '2024-01-01T00:00:00.000Z',
};
const ana = {
  ...base,
  id: 1,
  first_name: 'Ana',
  last_name: 'Reyes',
  full_name: 'Ana Reyes',
  date_of_birth: '1980-05-06',
};

function Harness({ onChange }: { onChange: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <ClientPicker
      companyId={7}
      value={value}
      onChange={(client) => {
        onChange(client?.id ?? null);
        setValue(client?.id ?? null);
      }}
    />
  );
}

// Modals and many rows render slowly on a busy machine; a timed-out test would keep acting on the next.
describe('ClientPicker', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("lists the firm's clients by name, says 'No Record Found' when none match, and selects one", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/patient/1/') return json(ana);
      if (call.path !== '/api/home/patient/') return undefined;
      return json(call.query.get('name') ? [] : [ana]);
    });
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} />);
    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(within(list).getByText('Reyes, Ana')).toBeInTheDocument();
    expect(within(list).getByText('DOB 05/06/1980')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0].query)).toEqual({ company: '7', order_by: 'last_name,first_name' });

    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'zz');
    expect(await screen.findByText(MSG.noRecordFound)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search clients' }));
    await user.click(await screen.findByRole('button', { name: /Reyes, Ana/ }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByText(HIPAA_MISSING)).toBeNull();
    // The list that had focus is gone: focus moves on to Change Client, which names the chosen client.
    const change = screen.getByRole('button', { name: 'Change Client' });
    expect(change).toHaveFocus();
    await waitFor(() => expect(change).toHaveAccessibleDescription(/Reyes, Ana/));
    await user.click(change);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(await screen.findByRole('textbox', { name: 'Search clients' })).toHaveFocus();
  });

  it('opens the client modal from Add New Client', async () => {
    stubApi((call) => (call.path === '/api/home/patient/' ? json([]) : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(await screen.findByText(MSG.noRecordFound)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Client' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'HIPAA authorization missing' for a chosen client without a HIPAA form on file", async () => {
    const bo = { ...ana, id: 2, first_name: 'Bo', full_name: 'Bo Reyes', hipaa_consent_url: null };
    stubApi((call) => {
      if (call.path === '/api/home/patient/2/') return json(bo);
      return call.path === '/api/home/patient/' ? json([bo]) : undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /Reyes, Bo/ }));
    expect(await screen.findByText(HIPAA_MISSING)).toBeInTheDocument();
  });
});
