import { CONNECTION_MSG } from '@dd/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { ConnectionNotice } from './ConnectionNotice';

afterEach(() => vi.restoreAllMocks());

describe('ConnectionNotice', () => {
  it('says the app is offline while the connection is gone, and goes away when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithProviders(<ConnectionNotice />);
    expect(screen.queryByText(CONNECTION_MSG.offline)).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(CONNECTION_MSG.offline);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(CONNECTION_MSG.offline)).not.toBeInTheDocument();
  });
});
