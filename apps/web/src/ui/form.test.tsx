import { MSG, NoteTemplateBodySchema } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test';
import { Form, fillPlaceholders, serializeFormValues } from './form';
import { useFormValue } from './form-context';
import { PasswordField, TextAreaField, TextField } from './text-fields';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function LoginForm(props: {
  onSubmit: (values: Record<string, unknown>) => unknown;
  submitOnEnter?: boolean;
}) {
  return (
    <Form onSubmit={props.onSubmit} submitLabel="Log In" submitOnEnter={props.submitOnEnter}>
      <TextField name="email" label="Email" required type="email" autoComplete="email" />
      <PasswordField name="password" label="Password" required />
    </Form>
  );
}

/** A custom field built on useFormValue. */
function Tags() {
  const [tags, setTags] = useFormValue<string[]>('tags[]');
  return (
    <button type="button" onClick={() => setTags([...(tags ?? []), 'rush'])}>
      Add tag
    </button>
  );
}

describe('Form', () => {
  it('blocks submit and names every empty required field', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('The field Email must be filled out to submit the form.')).toBeInTheDocument();
    expect(screen.getByText('The field Password must be filled out to submit the form.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'The field Email must be filled out to submit the form.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the shared schema before submit: its messages under the fields, nothing sent', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} schema={NoteTemplateBodySchema} submitLabel="Save">
        <TextField name="name" label="Title" />
        <TextAreaField name="text" label="Body" />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Title'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The schema's messages (the server's own), not ones made from these labels.
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      'The field Name must be filled out to submit the form.',
    );
    expect(screen.getByLabelText('Body')).toHaveAccessibleDescription(
      'The field Text must be filled out to submit the form.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Title'), 'Waiting');
    await userEvent.type(screen.getByLabelText('Body'), 'We are waiting for the records.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '   Waiting', text: 'We are waiting for the records.' });
  });

  it('blocks a submit the schema refuses for a value no field shows, saying why above the button', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} schema={NoteTemplateBodySchema} submitLabel="Save">
        <TextField name="name" label="Name" />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The field Text must be filled out to submit the form.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses the field name when there is no label', async () => {
    renderWithProviders(
      <Form onSubmit={vi.fn()}>
        <TextField name="custom_code" required />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      screen.getByText('The field custom_code must be filled out to submit the form.'),
    ).toBeInTheDocument();
  });

  it('disables the button while saving without changing its text, then re-enables it', async () => {
    const pending = deferred<{ ok: true }>();
    const onSubmit = vi.fn(() => pending.promise);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'ann@firm.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const button = screen.getByRole('button', { name: 'Log In' });
    expect(button).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ann@firm.com', password: 'secret' });
    pending.resolve({ ok: true });
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('submits when Enter is pressed in a text input', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'ann@firm.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('does not submit on Enter when submitOnEnter is off, nor from a textarea', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} submitOnEnter={false}>
        <TextField name="title" label="Title" />
        <TextAreaField name="note" label="Note" />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Title'), 'Records{Enter}');
    await userEvent.type(screen.getByLabelText('Note'), 'first line{Enter}second');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Note')).toHaveValue('first line\nsecond');
  });

  it('shows a thrown error above the button and field errors under the fields, keeping the input', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, MSG.wrongCredentials, { email: 'Unknown email address.' });
    });
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'ann@firm.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong Email or Password.');
    expect(screen.getByText('Unknown email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ann@firm.com');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('lists field messages for fields that are not on the form in the alert', async () => {
    const onSubmit = async () => {
      throw new ApiError(400, MSG.badRequest, { company: 'Company is closed.' });
    };
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'ann@firm.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bad Request');
    expect(alert).toHaveTextContent('Company is closed.');
  });

  it('shows an error returned in the result', async () => {
    renderWithProviders(<LoginForm onSubmit={async () => ({ error: MSG.noUserWithEmail })} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'x@firm.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No user found with that email.');
  });

  it('calls onSuccess and redirects with placeholders filled from the result', async () => {
    const navigate = vi.fn();
    const onSuccess = vi.fn();
    renderWithProviders(
      <Form
        onSubmit={async () => ({ id: 42 })}
        redirectTo="/request/{id}/"
        navigate={navigate}
        onSuccess={onSuccess}
      >
        <TextField name="title" label="Title" />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/request/42/'));
    expect(onSuccess).toHaveBeenCalledWith({ id: 42 });
  });

  it('navigates through the router when rendered inside one', async () => {
    renderWithProviders(
      <Routes>
        <Route
          path="/request/new/"
          element={
            <Form onSubmit={async () => ({ id: 7 })} redirectTo="/request/{id}/">
              <TextField name="title" label="Title" />
            </Form>
          }
        />
        <Route path="/request/:id/" element={<p>Request page</p>} />
      </Routes>,
      { path: '/request/new/' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Request page')).toBeInTheDocument();
  });

  it('clears the fields after success only when resetOnSuccess is set', async () => {
    renderWithProviders(
      <Form onSubmit={async () => ({})} resetOnSuccess submitLabel="Add Note">
        <TextField name="note" label="Note" />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Note'), 'Called provider');
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveValue(''));
  });

  it('starts from initialValues and serializes [] names when asked', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} initialValues={{ name: 'Acme' }} serializeArrays>
        <TextField name="name" label="Name" />
        <Tags />
      </Form>,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Acme', 'tags[]': '["rush"]' }));
  });
});

describe('form helpers', () => {
  it('serializeFormValues JSON-encodes values whose key ends in []', () => {
    expect(serializeFormValues({ 'ids[]': [1, 2], name: 'x', 'done[]': '[3]' })).toEqual({
      'ids[]': '[1,2]',
      name: 'x',
      'done[]': '[3]',
    });
  });

  it('fillPlaceholders leaves unknown placeholders alone', () => {
    expect(fillPlaceholders('/request/{id}/{missing}/', { id: 5 })).toBe('/request/5/{missing}/');
  });
});
