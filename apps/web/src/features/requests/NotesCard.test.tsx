import { requiredFieldMessage, STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { NotesCard } from './NotesCard';

afterEach(() => vi.unstubAllGlobals());

const renderCard = (onAdded = vi.fn()) => {
  renderWithProviders(
    <NotesCard requestId={21} notes={[]} isInternal={false} status={STATUS.inContact} onAdded={onAdded} />,
  );
  return onAdded;
};

describe('law-firm add-note form', () => {
  it("refuses a blank note with the notes route's own message under the field, sending nothing", async () => {
    const calls = stubApi(() => undefined);
    renderCard();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveAccessibleDescription(
        expect.stringContaining(requiredFieldMessage('Note')),
      ),
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's message for the note under the note", async () => {
    const tooLong = 'Too big: expected string to have <=10000 characters';
    const calls = stubApi((call) =>
      call.path === '/api/home/notes/' ? json({ error: tooLong, fields: { text: tooLong } }, 400) : undefined,
    );
    const onAdded = renderCard();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Any update?');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveAccessibleDescription(
        expect.stringContaining(tooLong),
      ),
    );
    expect(calls.find((c) => c.path === '/api/home/notes/')?.body).toEqual({
      text: 'Any update?',
      request: 21,
    });
    expect(onAdded).not.toHaveBeenCalled();
  });
});
