/** The app shell's skip link: the first tab stop, it moves focus to the main landmark. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test';
import { Layout } from './Layout';

describe('the skip link', () => {
  it('is the first focusable element and moves focus to the main content', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Layout>
        <h1>Contact Us</h1>
        <button type="button">Send</button>
      </Layout>,
      { user: null },
    );
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');

    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('id', 'main-content');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });
});
