import { type Company, type CompanySaved, FOLLOW_UP_MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { company, renderWithProviders } from '../../test';
import { CompanyForm, companyFormFields } from './CompanyForm';

const firm: Company = company();

function submitter() {
  return vi.fn(
    async (values: Record<string, unknown>) =>
      ({ success: 'Saved', id: 5, company: { ...firm, ...values } }) as CompanySaved,
  );
}

describe('CompanyForm', () => {
  it('hides the request price and surcharge from firm staff and never sends them', async () => {
    const onSubmit = submitter();
    renderWithProviders(<CompanyForm company={firm} canSetPrice={false} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/Request Price/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Automatic surcharge/)).not.toBeInTheDocument();
    expect(screen.getByText('Price per request: $40.00 (set by Direct Docs).')).toBeInTheDocument();
    expect(screen.getByText('Release Form')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/City/));
    await userEvent.type(screen.getByLabelText(/City/), 'Boulder');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const sent = onSubmit.mock.calls[0][0];
    expect(sent).toMatchObject({ name: 'Smith Law Group', city: 'Boulder' });
    expect(sent).not.toHaveProperty('request_price');
    expect(sent).not.toHaveProperty('auto_surcharge');
  });

  it('shows the price and surcharge to internal staff', async () => {
    const onSubmit = submitter();
    renderWithProviders(
      <CompanyForm company={{ ...firm, auto_surcharge: true }} canSetPrice onSubmit={onSubmit} />,
    );
    expect(screen.getByLabelText(/Request Price/)).toHaveValue('$40.00');
    expect(screen.getByLabelText(/Automatic surcharge/)).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ request_price: 40, auto_surcharge: true });
  });

  it("shows only contact fields for the provider's own company", () => {
    renderWithProviders(
      <CompanyForm
        company={{ ...firm, name: 'Direct Docs', is_internal: true }}
        canSetPrice
        onSubmit={submitter()}
      />,
    );
    expect(screen.queryByText('Release Form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Request Price/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Admin Email/)).toBeInTheDocument();
    expect(companyFormFields({ ...firm, is_internal: true }, true)).not.toContain('release_form_url');
  });

  it('requires the name and checks the admin e-mail before sending', async () => {
    const onSubmit = submitter();
    renderWithProviders(<CompanyForm canSetPrice onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Admin Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The field Company Name must be filled out to submit the form.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Request Price/)).toHaveValue('$35.00');
  });

  it("checks the firm's follow-up cadence with the rules the server applies", async () => {
    const onSubmit = submitter();
    renderWithProviders(<CompanyForm company={firm} canSetPrice onSubmit={onSubmit} />);
    const days = screen.getByLabelText(/Follow-up Days/);
    await userEvent.clear(days);
    await userEvent.type(days, '14, 7');
    await userEvent.clear(screen.getByLabelText(/Then Every/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FOLLOW_UP_MSG.cadenceDays)).toBeInTheDocument();
    expect(screen.getByText(FOLLOW_UP_MSG.cadenceEvery)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
