import { WEBSITE_DRAFT_MSG, WEBSITE_MSG, type WebsiteComponent, type WebsiteEditorPage } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import ComponentScreen from './ComponentScreen';
import PageBuilderScreen from './PageBuilderScreen';
import PagesScreen from './PagesScreen';

afterEach(() => vi.unstubAllGlobals());

const components: WebsiteComponent[] = [
  { id: 5, name: 'CTA1', props: { title: 'Talk to our team' }, pages: 0 },
];
const editorPage = (overrides: Partial<WebsiteEditorPage> = {}): WebsiteEditorPage => ({
  id: 9,
  name: 'Team',
  url: '/our-team/',
  components: ['CTA1'],
  componentProps: [{ title: 'Talk to our team' }],
  has_draft: true,
  draft_saved_at: '2026-11-20T10:00:00Z',
  published_at: null,
  published_url: null,
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('PagesScreen', () => {
  it('shows each page as a card with its url, whether it is live or has a draft, and an Edit link', async () => {
    stubApi((call) =>
      call.path === '/api/modelWebsite/page/all/'
        ? json([
            editorPage({
              id: 3,
              name: 'Our Team',
              published_at: '2026-11-19T10:00:00Z',
              published_url: '/our-team/',
            }),
            editorPage({ id: 4, name: 'Careers', url: '/careers/', has_draft: true }),
          ])
        : undefined,
    );
    renderWithProviders(<PagesScreen />, { user: internalStaffUser({ id: 1 }) });
    const card = await screen.findByRole('article', { name: 'Our Team' });
    expect(within(card).getByText('/our-team/')).toBeInTheDocument();
    expect(within(card).getByText(/^Published/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Our Team' })).toHaveAttribute('href', '/our-team/');
    expect(within(card).getByRole('link', { name: 'Edit Our Team' })).toHaveAttribute(
      'href',
      '/pagebuilder/3/',
    );
    const draft = screen.getByRole('article', { name: 'Careers' });
    expect(within(draft).getByText('Not published')).toBeInTheDocument();
    expect(within(draft).queryByRole('link', { name: 'View Careers' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add New Page' })).toHaveAttribute('href', '/pagebuilder/');
  });
});

describe('PageBuilderScreen', () => {
  it('starts a new page at the url it was asked for, adds a component with its saved defaults and saves', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/component/') return json(components);
      if (call.path === '/api/modelWebsite/page/' && call.method === 'POST') return json(editorPage());
      if (call.path === '/api/modelWebsite/page/9/versions/') return json([]);
      return undefined;
    });
    renderWithProviders(<PageBuilderScreen params={[]} path="pagebuilder" />, {
      user: internalStaffUser({ id: 1 }),
      path: '/pagebuilder/?url=%2Four-team%2F',
    });
    expect(await screen.findByRole('textbox', { name: 'Url' })).toHaveValue('/our-team/');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Team');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/home/component/')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Call to action' }));
    expect(screen.getByRole('button', { name: '1. Call to action' })).toHaveAttribute('aria-current', 'true');
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByRole('heading', {
        name: 'Talk to our team',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(WEBSITE_DRAFT_MSG.draftSaved)).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'POST');
    expect(saved?.body).toMatchObject({
      name: 'Team',
      url: '/our-team/',
      components: ['CTA1'],
      componentProps: [expect.objectContaining({ title: 'Talk to our team' })],
    });
  });

  it('publishes a saved draft after confirmation, and not while changes are unsaved', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/component/') return json(components);
      if (call.path === '/api/modelWebsite/page/9/preview/') return json(editorPage());
      if (call.path === '/api/modelWebsite/page/9/versions/') return json([]);
      if (call.path === '/api/modelWebsite/page/9/publish/')
        return json(
          editorPage({ has_draft: false, published_at: '2026-11-21T10:00:00Z', published_url: '/our-team/' }),
        );
      return undefined;
    });
    renderWithProviders(<PageBuilderScreen params={['9']} path="pagebuilder" />, {
      user: internalStaffUser({ id: 1 }),
      path: '/pagebuilder/9/',
    });
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/pagebuilder/9/preview/');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 's');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText(WEBSITE_DRAFT_MSG.unsavedBeforePublish)).toBeInTheDocument();
    await userEvent.type(name, '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(WEBSITE_DRAFT_MSG.confirmPublish)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(WEBSITE_DRAFT_MSG.published)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/modelWebsite/page/9/publish/' && c.method === 'POST')).toBe(
      true,
    );
    expect(await screen.findByText(/^Published/)).toBeInTheDocument();
  });

  it('previews the saved draft as a page with Publish', async () => {
    stubApi((call) => {
      if (call.path === '/api/modelWebsite/page/9/preview/') return json(editorPage());
      return undefined;
    });
    renderWithProviders(<PageBuilderScreen params={['9', 'preview']} path="pagebuilder" />, {
      user: internalStaffUser({ id: 1 }),
      path: '/pagebuilder/9/preview/',
    });
    expect(await screen.findByText(WEBSITE_DRAFT_MSG.previewBanner)).toBeInTheDocument();
    const preview = screen.getByRole('article', { name: 'Page preview' });
    expect(within(preview).getByRole('heading', { name: 'Talk to our team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to the builder' })).toHaveAttribute(
      'href',
      '/pagebuilder/9/',
    );
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
      user: internalStaffUser({ id: 1 }),
      path: '/pagebuilder/?url=%2Fdashboard%2F',
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Dash');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
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
      { user: internalStaffUser({ id: 1 }), path: '/component/' },
    );
    expect(await screen.findByText('All components')).toBeInTheDocument();
    expect(screen.queryByText('There is no such component.')).toBeNull();
  });
});
