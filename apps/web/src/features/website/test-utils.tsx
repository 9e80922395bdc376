/** Test helper: renders inside the app's Mantine theme (and a router, as in the app). */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../../theme';

function Providers({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </MemoryRouter>
  );
}

export function renderSite(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}
