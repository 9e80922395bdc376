import type { PdfFormDetail } from '@dd/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import EditFormScreen from './EditFormScreen';
import FormListScreen from './FormListScreen';
import { MappingEditor } from './MappingEditor';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const form: PdfFormDetail = {
  id: 7,
  name: 'Mercy release',
  kind: 'provider',
  url: 'provider-forms/u1/abc-release.pdf',
  company: null,
  company_name: null,
  provider: 3,
  provider_name: 'Mercy Hospital',
  include_ssn: false,
  page_count: 2,
  created_at: '2026-11-20T15:00:00.000Z',
  pages: [
    { id: 70, page_number: 1, image_url: '/files/t1/p1.jpg', width: 612, height: 792 },
    { id: 71, page_number: 2, image_url: '/files/t2/p2.jpg', width: 612, height: 792 },
  ],
  mapping: [{ id: 500, name: 'Patient.full_name', form: 7, page: 70, position_x: 0.2, position_y: 0.3 }],
  render_job: null,
};

const fieldsApi = (extra?: (call: { method: string; path: string; body: unknown }) => Response | undefined) =>
  stubApi((call) => {
    if (call.path.endsWith('/fields/')) {
      return json(
        call.path.includes('Patient')
          ? [
              ['full_name', 'CharField'],
              ['date_of_birth', 'DateField'],
            ]
          : [],
      );
    }
    return extra?.(call);
  });

describe('the mapping editor', () => {
  beforeEach(() => {
    // jsdom lays nothing out: each page is 612 by 792 pixels at the top left.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 612,
      height: 792,
    } as DOMRect);
  });

  it('places the chosen field where the page is clicked, as fractions of the page', async () => {
    const calls = fieldsApi((call) =>
      call.path === '/api/home/pdfformmapping/' ? json({ id: 501, ...(call.body as object) }) : undefined,
    );
    renderWithProviders(<MappingEditor form={form} />);
    expect(screen.getByRole('button', { name: 'Patient · full name on page 1' })).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('page-2'), { clientX: 306, clientY: 198 });
    expect(await screen.findByText('Choose the field to place first.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Field to place' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Patient · date of birth' }));
    fireEvent.click(screen.getByTestId('page-2'), { clientX: 306, clientY: 198 });
    expect(
      await screen.findByRole('button', { name: 'Patient · date of birth on page 2' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/home/pdfformmapping/')?.body).toEqual({
      name: 'Patient.date_of_birth',
      form: 7,
      page: 71,
      position_x: 0.5,
      position_y: 0.25,
    });
  });

  it('nudges the selected field with the arrow keys and removes it with Delete', async () => {
    const calls = fieldsApi((call) => {
      if (call.path === '/api/home/pdfformmapping/500/')
        return json({ ...form.mapping[0], ...(call.body as object) });
      if (call.path === '/api/home/pdfformmapping/500/delete/') return json({ success: 'Deleted' });
      return undefined;
    });
    renderWithProviders(<MappingEditor form={form} />);
    const marker = screen.getByRole('button', { name: 'Patient · full name on page 1' });
    marker.focus();
    fireEvent.keyDown(marker, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(marker, { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/home/pdfformmapping/500/')).toBe(true));
    const moved = calls.find((c) => c.path === '/api/home/pdfformmapping/500/')?.body as Record<
      string,
      number
    >;
    expect(moved.position_x).toBeCloseTo(0.21, 5);
    expect(moved.position_y).toBeCloseTo(0.31, 5);

    fireEvent.keyDown(marker, { key: 'Delete' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Patient · full name on page 1' })).not.toBeInTheDocument(),
    );
  });
});

describe('the form screens', () => {
  it('lists company and provider forms separately, each with its add link', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/pdfform/'
        ? json({ count: 1, results: [{ ...form, kind: call.query.has('company') ? 'company' : 'provider' }] })
        : undefined,
    );
    renderWithProviders(<FormListScreen />);
    expect(await screen.findByRole('link', { name: 'Add Company Form' })).toHaveAttribute(
      'href',
      '/editform/company/',
    );
    expect(screen.getByRole('link', { name: 'Add Provider Form' })).toHaveAttribute(
      'href',
      '/editform/provider/',
    );
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Mercy release' })).toHaveLength(2));
    expect(screen.getAllByRole('link', { name: 'Mercy release' }).map((a) => a.getAttribute('href'))).toEqual(
      ['/editform/company/7/', '/editform/provider/7/'],
    );
    expect(calls.filter((c) => c.path === '/api/pdfform/').map((c) => c.query.get('page_size'))).toEqual([
      '10',
      '10',
    ]);
  });

  it('goes back to the form list when a form cannot be loaded', async () => {
    stubApi((call) => {
      if (call.path === '/api/settings/')
        return json({ help_video_url: null, request_video_url: null, pdf_form_video_url: null });
      if (call.path === '/api/home/pdfform/99/') return json({ error: 'Not found.' }, 404);
      return undefined;
    });
    renderWithProviders(<EditFormScreen params={['provider', '99']} path="editform/provider/99" />, {
      path: '/editform/provider/99/',
    });
    expect(await screen.findByText('The form could not be opened')).toBeInTheDocument();
  });

  it('shows a long form’s background rendering page by page, then its pages once rendered', async () => {
    const rendering = {
      ...form,
      page_count: 0,
      pages: [],
      mapping: [],
      render_job: { id: 9, status: 'running' as const, pages_done: 2, pages_total: 8, error: null },
    };
    let polls = 0;
    fieldsApi((call) => {
      if (call.path === '/api/settings/')
        return json({ help_video_url: null, request_video_url: null, pdf_form_video_url: null });
      if (call.path === '/api/home/pdfform/7/') return json(++polls === 1 ? rendering : form);
      return undefined;
    });
    renderWithProviders(<EditFormScreen params={['provider', '7']} path="editform/provider/7" />, {
      path: '/editform/provider/7/',
    });
    expect(await screen.findByText(/Rendering page 3 of 8/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Pages rendered: 2 of 8' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Render Pages Again' })).toBeDisabled();
    expect(
      await screen.findByRole('button', { name: 'Patient · full name on page 1' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Rendering page/)).not.toBeInTheDocument();
  });

  it('says why the background rendering failed', async () => {
    const failed = {
      ...form,
      render_job: {
        id: 9,
        status: 'failed' as const,
        pages_done: 0,
        pages_total: null,
        error: 'Out of memory.',
      },
    };
    renderWithProviders(<MappingEditor form={failed} />);
    expect(screen.getByText('The pages could not be rendered')).toBeInTheDocument();
    expect(screen.getByText(/Out of memory\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Render Pages Again' })).toBeEnabled();
  });
});
