import { WEBSITE_MSG, type WebsiteComponent } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import ComponentScreen from './ComponentScreen';
import PageBuilderScreen from './PageBuilderScreen';
import PagesScreen from './PagesScreen';

vi.mock('../../auth', () => ({ useAuth: () => ({ user: { id: 1, is_internal: true, is_staff: true } }) }));
afterEach(() => vi.unstubAllGlobals());

const components: WebsiteComponent[] = [
  { id: 5, name: 'CTA1', props: { title: 'Talk to our team' }, pages: 0 },
];

describe('PagesScreen', () => {
  it('shows each page as a card with its url and an Edit link', async () => {
    stubApi((call) =>
      call.path === '/api/modelWebsite/page/'
        ? json([
            {
              id: 3,
              name: 'Our Team',
              url: '/our-team/',
              components: ['Header'],
              componentProps: [{}],
              updated_at: '2026-11-20T10:00:00Z',
            },
          ])
        : undefined,
    );
    renderWithProviders(<PagesScreen />);
    const card = await screen.findByRole('article', { name: 'Our Team' });
    expect(within(card).getByText('/our-team/')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Edit Our Team' })).toHaveAttribute(
      'href',
      '/pagebuilder/3/',
    );
    expect(screen.getByRole('link', { name: 'Add New Page' })).toHaveAttribute('href', '/pagebuilder/');
  });
});

describe('PageBuilderScreen', () => {
  it('starts a new page at the url it was asked for, adds a component with its saved defaults and saves', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/component/') return json(components);
      if (call.path === '/api/modelWebsite/page/' && call.method === 'POST')
        return json({
          id: 9,
          name: 'Team',
          url: '/our-team/',
          components: ['CTA1'],
          componentProps: [{}],
          updated_at: '2026-11-20T10:00:00Z',
        });
      if (call.path === '/api/modelWebsite/page/9/versions/') return json([]);
      return undefined;
    });
    renderWithProviders(<PageBuilderScreen params={[]} path="pagebuilder" />, {
      path: '/pagebuilder/?url=%2Four-team%2F',
    });
    expect(await screen.findByRole('textbox', { name: 'Url' })).toHaveValue('/our-team/');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Team');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/home/component/')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'CTA1' }));
    expect(screen.getByRole('button', { name: '1. CTA1' })).toHaveAttribute('aria-current', 'true');
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByRole('heading', {
        name: 'Talk to our team',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WEBSITE_MSG.saved)).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'POST');
    expect(saved?.body).toMatchObject({
      name: 'Team',
      url: '/our-team/',
      components: ['CTA1'],
      componentProps: [expect.objectContaining({ title: 'Talk to our team' })],
    });
  });

  it("shows the server's message under the field it names", async () => {
    stubApi((call) => {
      if (call.path === '/api/home/component/') return json([]);
      if (call.method === 'POST')
        return json(
          {
            error: WEBSITE_MSG.urlReserved('dashboard'),
            fields: { url: WEBSITE_MSG.urlReserved('dashboard') },
          },
          400,
        );
      return undefined;
    });
    renderWithProviders(<PageBuilderScreen params={[]} path="pagebuilder" />, {
      path: '/pagebuilder/?url=%2Fdashboard%2F',
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Dash');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(WEBSITE_MSG.urlReserved('dashboard'))).toHaveLength(2);
  });
});

describe('ComponentScreen', () => {
  it('/component/ without an id shows the list of components instead of an error', async () => {
    stubApi(() => undefined);
    renderWithProviders(
      <Routes>
        <Route path="/component/" element={<ComponentScreen params={[]} path="/component/" />} />
        <Route path="/components/" element={<p>All components</p>} />
      </Routes>,
      { path: '/component/' },
    );
    expect(await screen.findByText('All components')).toBeInTheDocument();
    expect(screen.queryByText('There is no such component.')).toBeNull();
  });
});
