import {
  BATES_MSG,
  CLIENT_HIPAA_HINT,
  CLIENT_NA_HINT,
  MSG,
  requiredClientFieldMessage,
  ssnMatchMessage,
} from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { ClientFormModal } from './ClientFormModal';

const uploader = vi.fn(async (files: File[]) => [
  { url: 'hipaa-forms/signed.pdf', filename: files[0].name, order: 0 },
]);
const pdf = () => new File(['%PDF'], 'consent.pdf', { type: 'application/pdf' });

const client = {
  id: 41,
  first_name: 'Ana',
  last_name: 'Reyes',
  full_name: 'Ana Reyes',
  maiden_name: 'NA',
  date_of_birth: '1980-05-06',
  custom_code: 'AR-1',
  address_1: '1 Main St',
  address_2: 'NA',
  city: 'Denver',
  state: 'CO',
  zip_code: '80202',
  email: null,
  phone_number: null,
  fax_number: null,
  hipaa_consent_url: 'hipaa-forms/old.pdf',
  bates_prefix: null,
  company: 7,
  has_ssn: true,
  created_at: '2024-01-01T00:00:00.000Z',
};

function renderModal(props: { clientId?: number } = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ClientFormModal
      opened
      onClose={onClose}
      companyId={7}
      onSaved={onSaved}
      uploader={uploader}
      {...props}
    />,
  );
  return { onSaved, onClose };
}

async function fillNewClient(user: ReturnType<typeof userEvent.setup>, ssn: string) {
  for (const [label, value] of [
    ['First Name', 'Ana'],
    ['Last Name', 'Reyes'],
    ['Maiden Name', 'NA'],
    ['Date of Birth', '05/06/1980'],
    ['Custom Code', 'AR-1'],
    ['Address 1', '1 Main St'],
    ['Address 2', 'NA'],
    ['City', 'Denver'],
    ['State', 'CO'],
    ['Zip Code', '80202'],
  ]) {
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), value);
  }
  await user.type(screen.getByRole('textbox', { name: /^SSN/ }), ssn);
}

// Typing a dozen fields is slow on a busy machine, and a test that times out keeps typing into the next.
describe('ClientFormModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    uploader.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the client required-field message under every empty field and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderModal();
    expect(screen.getByText(CLIENT_HIPAA_HINT)).toBeInTheDocument();
    expect(screen.getByText(`Fields marked * are required. ${CLIENT_NA_HINT}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    for (const label of ['First Name', 'Last Name', 'Maiden Name', 'Date of Birth', 'SSN', 'Zip Code']) {
      expect(await screen.findByText(requiredClientFieldMessage(label))).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);

    await fillNewClient(user, '123456789');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByText(MSG.ssnFormat)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^SSN/ }));
    await user.type(screen.getByRole('textbox', { name: /^SSN/ }), 'none');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    // Required, marked, and said once; the upload clears it.
    expect(await screen.findAllByText(requiredClientFieldMessage('HIPAA Consent Form'))).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const hipaa = screen.getByLabelText(/^HIPAA Consent Form/, { selector: 'input' });
    const label = screen.getByText(
      (_, el) => el?.tagName === 'LABEL' && (el.textContent ?? '').startsWith('HIPAA Consent Form'),
    );
    expect(label.textContent).toMatch(/\*$/);
    await user.upload(hipaa, pdf());
    await screen.findByRole('button', { name: 'Open consent.pdf' });
    expect(screen.queryByText(requiredClientFieldMessage('HIPAA Consent Form'))).toBeNull();
  });

  it('takes NA for what the firm does not know, the date of birth and the HIPAA form included', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/home/patient/' ? json(client) : undefined,
    );
    const user = userEvent.setup({ delay: null });
    const { onSaved } = renderModal();
    await fillNewClient(user, 'NA');
    const dob = screen.getByRole('textbox', { name: /^Date of Birth/ });
    await user.clear(dob);
    await user.type(dob, 'NA');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const hipaaRequired = requiredClientFieldMessage('HIPAA Consent Form');
    expect(await screen.findAllByText(hipaaRequired)).toHaveLength(1);
    // Saying the form is not there yet answers the field: its message goes at once.
    await user.click(screen.getByRole('checkbox', { name: /I don't have the signed form yet/ }));
    expect(screen.queryByText(hipaaRequired)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(client));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      date_of_birth: 'NA',
      ssn: 'NA',
      hipaa_consent_url: 'NA',
    });
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('hipaa_later');
  });

  it('creates the client with the SSN and the HIPAA form, and shows server field messages', async () => {
    let attempt = 0;
    const calls = stubApi((call) => {
      if (call.method !== 'POST' || call.path !== '/api/home/patient/') return undefined;
      attempt += 1;
      if (attempt === 1) {
        const message = requiredClientFieldMessage('City');
        return json({ error: message, fields: { city: message } }, 400);
      }
      return json(client);
    });
    const user = userEvent.setup({ delay: null });
    const { onSaved, onClose } = renderModal();
    await fillNewClient(user, 'None');
    await user.upload(screen.getByLabelText(/^HIPAA Consent Form/, { selector: 'input' }), pdf());
    await screen.findByRole('button', { name: 'Open consent.pdf' });
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    expect((await screen.findAllByText(requiredClientFieldMessage('City'))).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(client));
    expect(onClose).toHaveBeenCalled();
    const post = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(post.body).toMatchObject({
      first_name: 'Ana',
      date_of_birth: '1980-05-06',
      ssn: 'None',
      hipaa_consent_url: 'hipaa-forms/signed.pdf',
      company: 7,
    });
  });

  it('on a new client, an SSN of another client of the firm offers to use that client', async () => {
    const calls = stubApi((call) =>
      call.method === 'GET' && call.path === '/api/home/patient/'
        ? json([{ id: 9, full_name: 'Jane Roe' }])
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    const { onSaved, onClose } = renderModal();
    await user.type(screen.getByRole('textbox', { name: /^SSN/ }), '912-34-5678');
    await user.tab();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(ssnMatchMessage('Jane Roe'));
    const lookup = calls.find((c) => c.path === '/api/home/patient/')!;
    expect(Object.fromEntries(lookup.query)).toEqual({ company: '7', ssn: '912-34-5678' });

    await user.click(within(notice).getByRole('button', { name: 'click here' }));
    expect(onSaved).toHaveBeenCalledWith({ id: 9, full_name: 'Jane Roe' });
    expect(onClose).toHaveBeenCalled();
  });

  it("does not look up 'None' or a malformed SSN", async () => {
    const calls = stubApi(() => json([{ id: 9, full_name: 'Jane Roe' }]));
    const user = userEvent.setup({ delay: null });
    renderModal();
    const ssn = screen.getByRole('textbox', { name: /^SSN/ });
    await user.type(ssn, 'None');
    await user.tab();
    await user.clear(ssn);
    await user.type(ssn, '912-345');
    await user.tab();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('edits a client: loads its SSN, saves fields without it and a changed SSN separately', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/patient/41/')
        return json(call.method === 'POST' ? { ...client, city: 'Aurora' } : client);
      if (call.path === '/get_related_info/') return json({ related_info: { ssn: '912-34-5678' } });
      if (call.path === '/save_related_info/') return json({ success: 'Saved' });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const { onSaved } = renderModal({ clientId: 41 });
    const ssn = await screen.findByRole('textbox', { name: /^SSN/ });
    expect(ssn).toHaveValue('912-34-5678');
    expect(screen.getByRole('textbox', { name: /^Date of Birth/ })).toHaveValue('05/06/1980');
    await user.clear(screen.getByRole('textbox', { name: /^City/ }));
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Aurora');
    await user.clear(ssn);
    await user.type(ssn, '912-34-0000');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...client, city: 'Aurora' }));
    expect(await screen.findByText(MSG.saved)).toBeInTheDocument();

    const update = calls.find((c) => c.method === 'POST' && c.path === '/api/home/patient/41/')!;
    expect(update.body).toMatchObject({ city: 'Aurora' });
    expect(update.body).not.toHaveProperty('ssn');
    expect(calls.find((c) => c.path === '/save_related_info/')?.body).toEqual({
      patient_id: 41,
      ssn: '912-34-0000',
    });
    expect(calls.some((c) => c.method === 'GET' && c.query.has('ssn'))).toBe(false);
  });

  it('edits a client entered with NA: its unknown fields read NA and the HIPAA form can follow', async () => {
    const unknown = {
      ...client,
      maiden_name: null,
      date_of_birth: null,
      address_2: null,
      hipaa_consent_url: null,
    };
    const calls = stubApi((call) => {
      if (call.path === '/api/home/patient/41/') return json(unknown);
      if (call.path === '/get_related_info/') return json({ related_info: { ssn: 'None' } });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const { onSaved } = renderModal({ clientId: 41 });
    expect(await screen.findByRole('textbox', { name: /^Date of Birth/ })).toHaveValue('NA');
    expect(screen.getByRole('textbox', { name: /^Maiden Name/ })).toHaveValue('NA');
    expect(screen.getByRole('checkbox', { name: /I don't have the signed form yet/ })).toBeChecked();
    await user.upload(screen.getByLabelText(/^HIPAA Consent Form/, { selector: 'input' }), pdf());
    await screen.findByRole('button', { name: 'Open consent.pdf' });
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText(/is a required field/)).toBeNull();
    const update = calls.find((c) => c.method === 'POST' && c.path === '/api/home/patient/41/')!;
    expect(update.body).toMatchObject({
      maiden_name: 'NA',
      date_of_birth: 'NA',
      address_2: 'NA',
      hipaa_consent_url: 'hipaa-forms/signed.pdf',
    });
  });

  it('takes the Bates prefix in capitals and refuses anything but 2 to 8 letters before sending', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/patient/41/')
        return json(call.method === 'POST' ? { ...client, bates_prefix: 'SMITH' } : client);
      if (call.path === '/get_related_info/') return json({ related_info: { ssn: '912-34-5678' } });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderModal({ clientId: 41 });
    const prefix = await screen.findByRole('textbox', { name: new RegExp(`^${BATES_MSG.prefixLabel}`) });
    await user.type(prefix, 'sm1');
    expect(prefix).toHaveValue('SM1');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByText(BATES_MSG.prefixFormat)).toBeInTheDocument();
    const saves = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/home/patient/41/');
    expect(saves()).toEqual([]);
    await user.clear(prefix);
    await user.type(prefix, 'smith');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(saves()[0]?.body).toMatchObject({ bates_prefix: 'SMITH' }));
  });
});
