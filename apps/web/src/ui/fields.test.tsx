import { MSG } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { CheckboxField, MultiSelectField, SelectField } from './choice-fields';
import { ColorField } from './color-field';
import { DateField, formatDateOutput } from './date-field';
import { Form } from './form';
import { NumberField } from './number-field';
import { PasswordConfirmFields } from './password-confirm-fields';
import { TextAreaField } from './text-fields';

const longText = `${'Records custodian at the county regional medical center '.repeat(3)}`.trim();

describe('SelectField', () => {
  it('shows {text, value} options, truncating long labels, and submits the chosen value', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit}>
        <SelectField
          name="provider"
          label="Provider"
          required
          options={[
            { text: 'Mercy Hospital', value: 3 },
            { text: longText, value: 9 },
          ]}
        />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('The field Provider must be filled out to submit the form.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Provider/ }));
    expect(await screen.findByRole('option', { name: `${longText.slice(0, 107)}...` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Mercy Hospital' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ provider: 3 }));
  });

  it('filters options as the user types', async () => {
    renderWithProviders(
      <SelectField
        name="state"
        label="State"
        options={[
          { text: 'Colorado', value: 'CO' },
          { text: 'Texas', value: 'TX' },
        ]}
      />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'State' }), 'Tex');
    expect(await screen.findByRole('option', { name: 'Texas' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Colorado' })).not.toBeInTheDocument();
  });
});

describe('MultiSelectField', () => {
  it('collects several values', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <MultiSelectField
        name="types"
        label="Request Types"
        onChange={onChange}
        options={[
          { text: 'Medical Records', value: 'medical' },
          { text: 'Billing Records', value: 'billing' },
        ]}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Request Types' });
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Medical Records' }));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Billing Records' }));
    expect(onChange).toHaveBeenLastCalledWith(['medical', 'billing']);
  });
});

describe('CheckboxField, NumberField, TextAreaField, ColorField', () => {
  it('submit their values', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} initialValues={{ color: '#1c4e80' }}>
        <CheckboxField name="rush" label="Rush" />
        <NumberField name="price" label="Price" />
        <TextAreaField name="notes" label="Notes" />
        <ColorField name="color" label="Brand Colour" />
      </Form>,
    );
    expect(screen.getByLabelText('Brand Colour')).toHaveValue('#1c4e80');
    await userEvent.click(screen.getByLabelText('Rush'));
    await userEvent.type(screen.getByLabelText('Price'), '42');
    await userEvent.type(screen.getByLabelText('Notes'), 'Call first');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ rush: true, price: 42, notes: 'Call first', color: '#1c4e80' }),
    );
  });

  it('a required checkbox must be ticked', async () => {
    renderWithProviders(
      <Form onSubmit={vi.fn()}>
        <CheckboxField name="consent" label="HIPAA consent signed" required />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      screen.getByText('The field HIPAA consent signed must be filled out to submit the form.'),
    ).toBeInTheDocument();
  });
});

describe('DateField', () => {
  it('turns mm/dd/yyyy into YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit}>
        <DateField name="start_date" label="Start Date" required />
      </Form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Start Date/ }), '7/3/2020');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ start_date: '2020-07-03' }));
  });

  it('shows the date format message on blur and blocks submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit}>
        <DateField name="end_date" label="End Date" />
      </Form>,
    );
    const input = screen.getByLabelText('End Date');
    await userEvent.type(input, '13/45/2020');
    await userEvent.tab();
    expect(screen.getByText(MSG.dateFormat)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('13/45/2020');
  });

  it('displays an initial YYYY-MM-DD value as mm/dd/yyyy', () => {
    renderWithProviders(
      <Form onSubmit={vi.fn()} initialValues={{ dob: '1980-12-01' }}>
        <DateField name="dob" label="Date of Birth" />
      </Form>,
    );
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('12/01/1980');
  });

  it('offers a calendar', async () => {
    renderWithProviders(<DateField name="d" label="Received" defaultValue="2024-02-10" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Received from calendar' }));
    await userEvent.click(await screen.findByRole('button', { name: /14 February 2024/ }));
    expect(screen.getByLabelText('Received')).toHaveValue('02/14/2024');
  });

  it('formatDateOutput gives the spec formats', () => {
    const when = new Date(2020, 6, 3, 14, 5);
    expect(formatDateOutput(when, 'date')).toBe('2020-07-03');
    expect(formatDateOutput(when, 'time')).toBe('02:05 PM');
    expect(formatDateOutput(when, 'datetime')).toBe('07/03/2020 02:05 PM');
    expect(formatDateOutput('not a date', 'date')).toBe('');
  });
});

describe('PasswordConfirmFields', () => {
  it('is neutral when blank, red on mismatch, green on match', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} submitLabel="Reset Password">
        <PasswordConfirmFields required />
      </Form>,
    );
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.passwordsMatch)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.type(screen.getByLabelText(/Confirm Password/), 'Secret12');
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Confirm Password/), '3');
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.passwordsMatch)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'Secret123' }));
  });

  it('sends the confirmation when confirmName is given', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit}>
        <PasswordConfirmFields name="new_password" confirmName="confirm_password" />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret123');
    const form = screen.getByRole('button', { name: 'Submit' }).closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ new_password: 'Secret123', confirm_password: 'Secret123' }),
    );
  });
});
