import { duplicateRequestMessage, MSG, requestsSubmittedMessage, requiredFieldMessage } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  client,
  currentUser,
  internalStaffUser,
  json,
  pickerAnswers,
  provider,
  renderWithProviders,
  stubApi,
} from '../../test';
import { EditRequestScreen } from './EditRequestScreen';
import { RequestForm } from './RequestForm';

const person = currentUser;

const types = [
  { id: 1, name: 'Billing Records' },
  { id: 2, name: 'Medical Records' },
  { id: 3, name: 'Radiology Images' },
];

const pickers = pickerAnswers(
  [client({ id: 7, hipaa_consent_url: 'hipaa-forms/pat.pdf' })],
  [provider(11, 'Denver Health'), provider(12, 'Mercy Hospital'), provider(13, 'Valley Clinic')],
);

function api(requestResponses: Response[]) {
  return stubApi((call) => {
    const picked = pickers(call);
    if (picked) return picked;
    if (call.path === '/api/home/requesttype/') return json(types);
    if (call.path === '/api/user/User/') {
      return json([
        {
          User: {
            id: 3,
            first_name: 'Paula',
            last_name: 'Legal',
            full_name: 'Paula Legal',
            email: 'p@x',
            is_staff: false,
            is_active: true,
          },
        },
      ]);
    }
    if (call.method === 'POST' && call.path === '/api/home/request/') return requestResponses.shift();
    // The chosen client's earlier requests.
    if (call.path === '/api/home/request/')
      return json({ count: 0, next: null, previous: null, results: [] });
    if (call.path === '/api/home/quote/') return json(quoteFor(call.query.get('rush') === 'true'));
    return undefined;
  });
}

const quoteFor = (rush: boolean) => ({
  price: rush ? '45.00' : '38.00',
  rush,
  outcomes: [
    { status: 'Completed - Documents Arrived', fee: rush ? '45.00' : '38.00', quoted: true },
    { status: 'Closed - Cancelled Request', fee: rush ? '17.00' : '10.00', quoted: false },
  ],
});

async function fillRequiredFields() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /Client, Pat/ }));
  await user.click(await screen.findByRole('checkbox', { name: 'Denver Health' }));
  await user.click(screen.getByRole('checkbox', { name: 'Mercy Hospital' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Medical Records' }));
  await user.type(screen.getByRole('textbox', { name: /Start Date/ }), '01/15/2020');
  await user.type(screen.getByRole('textbox', { name: /End Date/ }), '12/31/2022');
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request form', () => {
  it('says what the order is billed per provider and for every other outcome, rush included', async () => {
    const calls = api([]);
    renderWithProviders(<RequestForm user={person()} companyId={5} onCreated={vi.fn()} onSaved={vi.fn()} />, {
      user: null,
    });
    expect(await screen.findByText('$38.00 per provider')).toBeInTheDocument();
    expect(screen.getByText('Closed - Cancelled Request: $10.00')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('checkbox', { name: /Rush/ }));
    expect(await screen.findByText('$45.00 per provider')).toBeInTheDocument();
    expect(screen.getByText('Closed - Cancelled Request: $17.00')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/home/quote/')?.query.get('company')).toBe('5');
  });

  it('shows the spec messages for a missing client, provider, main contact and dates, and sends nothing', async () => {
    const calls = api([]);
    const internalStaff = person({
      id: 9,
      company_id: 1,
      is_internal: true,
      is_staff: true,
      abilities: { ...internalStaffUser().abilities },
    });
    renderWithProviders(
      <RequestForm user={internalStaff} companyId={5} onCreated={vi.fn()} onSaved={vi.fn()} />,
      { user: null },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    for (const message of [
      MSG.noPatient,
      MSG.noProvider,
      requiredFieldMessage('Main Contact'),
      requiredFieldMessage('Start Date'),
      requiredFieldMessage('End Date'),
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: /Start Date/ }), '13/45/2020');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MSG.dateFormat)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists the duplicate providers and creates anyway after Override and Create Anyway', async () => {
    const message = duplicateRequestMessage(['Denver Health', 'Mercy Hospital']);
    const calls = api([
      json({ error: message, details: { duplicates: ['Denver Health', 'Mercy Hospital'] } }, 409),
      json({ count: 2, results: [] }, 201),
    ]);
    const onCreated = vi.fn();
    renderWithProviders(
      <RequestForm user={person()} companyId={5} onCreated={onCreated} onSaved={vi.fn()} />,
      { user: null },
    );
    const user = await fillRequiredFields();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Override and Create Anyway' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(2));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].body).toMatchObject({
      patient: 7,
      provider: [11, 12],
      user: 3,
      start_date: '2020-01-15',
      end_date: '2022-12-31',
      request_type: ['Medical Records'],
      hipaa_consent_url: 'hipaa-forms/pat.pdf',
    });
    expect(posts[0].body).not.toHaveProperty('override_duplicates');
    expect(posts[1].body).toMatchObject({ override_duplicates: true, provider: [11, 12] });
  });

  it('shows a non-staff user as the main contact, read-only', async () => {
    api([]);
    renderWithProviders(<RequestForm user={person()} companyId={5} onCreated={vi.fn()} onSaved={vi.fn()} />, {
      user: null,
    });
    const field = screen.getByRole('textbox', { name: 'Main Contact' });
    expect(field).toHaveValue('Paula Legal');
    expect(field).toHaveAttribute('readonly');
  });
});

describe('Submit A Request screen', () => {
  it('confirms how many providers were submitted and offers another request or the dashboard', async () => {
    api([json({ count: 2, results: [] }, 201)]);
    renderWithProviders(<EditRequestScreen params={['5']} path="editRequest/5" />, { user: person() });
    const user = await fillRequiredFields();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(requestsSubmittedMessage(2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back To Dashboard' })).toHaveAttribute('href', '/dashboard/');
    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(await screen.findByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
  });
});
