import { STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { StaffNoteForm } from './StaffNoteForm';

afterEach(() => vi.unstubAllGlobals());

describe('staff add-note form', () => {
  it('fills the note from a template and sends the status and reminder', async () => {
    const onAdded = vi.fn();
    const calls = stubApi((call) => {
      if (call.path === '/api/home/notetemplate/')
        return json([
          { id: 1, name: 'Copy fee paid', description: null, text: 'Paid the copy fee by card.' },
        ]);
      if (call.path === '/api/home/notes/') return json({ id: 9 }, 201);
      return undefined;
    });
    renderWithProviders(<StaffNoteForm requestId={21} onAdded={onAdded} />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Note Template' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Note Template' }));
    await user.click(await screen.findByRole('option', { name: 'Copy fee paid' }));
    expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveValue('Paid the copy fee by card.');

    await user.click(screen.getByRole('combobox', { name: 'Update Status' }));
    expect(screen.queryByRole('option', { name: STATUS.requestedByLawyer })).toBeNull();
    await user.click(await screen.findByRole('option', { name: STATUS.documentsEnRoute }));
    await user.type(screen.getByRole('textbox', { name: 'Reminder Date' }), '01/15/2999');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/home/notes/')?.body).toEqual({
      text: 'Paid the copy fee by card.',
      request: 21,
      update_status: STATUS.documentsEnRoute,
      reminder_date: '2999-01-15',
    });
  });
});
