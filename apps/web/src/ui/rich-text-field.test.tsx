import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { Form } from './form';
import { RichTextField } from './rich-text-field';

describe('RichTextField', () => {
  it('offers the spec toolbar', () => {
    renderWithProviders(<RichTextField name="body" label="Message" />);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Code',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Heading 6',
      'Blockquote',
      'Bullet list',
      'Ordered list',
      'Code block',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('shows initial HTML and submits edited HTML', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} initialValues={{ body: '<p>Dear records custodian,</p>' }}>
        <RichTextField name="body" label="Letter" />
      </Form>,
    );
    const editor = screen.getByRole('textbox', { name: 'Letter' });
    expect(editor).toHaveTextContent('Dear records custodian,');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ body: '<p>Dear records custodian,</p>' }));
  });

  it('is required like any other field', async () => {
    renderWithProviders(
      <Form onSubmit={vi.fn()}>
        <RichTextField name="body" label="Letter" required />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('The field Letter must be filled out to submit the form.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Letter' })).toHaveAttribute('aria-invalid', 'true');
  });
});
