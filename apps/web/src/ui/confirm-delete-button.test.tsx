import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { ConfirmDeleteButton } from './confirm-delete-button';

describe('ConfirmDeleteButton', () => {
  it("asks 'Are you sure?' and Cancel does nothing", async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmDeleteButton onConfirm={onConfirm} message="This note will be removed." />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This note will be removed.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables the buttons while the delete runs, then closes', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(
      <ConfirmDeleteButton onConfirm={onConfirm} label="Remove">
        Remove provider
      </ConfirmDeleteButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove provider' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open and shows the error when the delete fails', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('You do not have permission to do that.');
    });
    renderWithProviders(<ConfirmDeleteButton onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that.');
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
  });
});
