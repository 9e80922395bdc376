import { MSG, requiredFieldMessage, STATUS } from '@dd/shared';
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

describe('staff add-note form checks', () => {
  it("refuses a blank note with the notes route's own message under the field, sending nothing", async () => {
    const calls = stubApi((call) => (call.path === '/api/home/notetemplate/' ? json([]) : undefined));
    renderWithProviders(<StaffNoteForm requestId={21} onAdded={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByRole('textbox', { name: /^Note/ })).toHaveAccessibleDescription(
      requiredFieldMessage('Note'),
    );
    expect(calls.filter((c) => c.path === '/api/home/notes/')).toEqual([]);
  });

  it("shows the server's message for a field under that field", async () => {
    stubApi((call) => {
      if (call.path === '/api/home/notetemplate/') return json([]);
      if (call.path === '/api/home/notes/')
        return json({ error: MSG.dateFormat, fields: { reminder_date: MSG.dateFormat } }, 400);
      return undefined;
    });
    const onAdded = vi.fn();
    renderWithProviders(<StaffNoteForm requestId={21} onAdded={onAdded} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Called the provider.');
    await user.type(screen.getByRole('textbox', { name: 'Reminder Date' }), '01/15/2999');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Reminder Date' })).toHaveAccessibleDescription(
        MSG.dateFormat,
      ),
    );
    expect(onAdded).not.toHaveBeenCalled();
  });
});
