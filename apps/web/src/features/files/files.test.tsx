import { DOWNLOAD_STAGGER_MS, FILE_MSG, RECORDS_PACKAGE_MSG, type RequestFile } from '@dd/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, currentUser, json, renderWithProviders, requestFile, stubApi } from '../../test';
import { downloadAll } from './api';
import { RecordsPackageButton } from './DownloadButtons';
import { FileDownloadButton } from './FileDownloadButton';
import { RequestFiles } from './RequestFiles';

/** The download button's 'Downloaded' state, the one-second spacing of Download All, the file table. */
const file = { url: 'provider-records/demo-10001-1.pdf', name: 'Records.pdf' };
let clicks: { href: string; download: string; at: number }[];

/** The server: POST /getFileUrl/ gives a link named after the storage key; `other` answers the rest. */
function api(other: (call: ApiCall) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === '/getFileUrl/') {
      const key = (call.body as { url: string }).url;
      return json({ url: `/files/token-for-${key.split('/').pop()}/x` });
    }
    return other(call);
  });
}

beforeEach(() => {
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download, at: Date.now() });
  });
});
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('FileDownloadButton', () => {
  it('asks for a link, starts the download and turns into a red Downloaded that downloads again', async () => {
    const calls = api();
    const onDownloaded = vi.fn();
    renderWithProviders(<FileDownloadButton file={file} onDownloaded={onDownloaded} />, {
      user: currentUser({ id: 5 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download Records.pdf' }));
    const done = await screen.findByRole('button', {
      name: `${FILE_MSG.downloaded}: Records.pdf. Download again`,
    });
    expect(done).toBeEnabled();
    expect(done).toHaveTextContent('Downloaded');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/getFileUrl/', body: { url: file.url } }),
    ]);
    expect(clicks).toEqual([
      { href: '/files/token-for-demo-10001-1.pdf/x', download: 'Records.pdf', at: expect.any(Number) },
    ]);
    expect(onDownloaded).toHaveBeenCalledOnce();
    await userEvent.click(done);
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(onDownloaded).toHaveBeenCalledTimes(2);
  });

  it('shows Downloaded straight away for a firm user when the firm already downloaded the file', () => {
    renderWithProviders(<FileDownloadButton file={{ ...file, downloaded: true }} />, {
      user: currentUser({ id: 5, is_staff: true }),
    });
    expect(screen.getByRole('button', { name: /Downloaded/ })).toBeEnabled();
  });

  it('keeps a working Download button for internal staff, before and after downloading', async () => {
    api();
    renderWithProviders(<FileDownloadButton file={{ ...file, downloaded: true }} />, {
      user: currentUser({ id: 1, is_internal: true, is_staff: true }),
    });
    const button = screen.getByRole('button', { name: 'Download Records.pdf' });
    await userEvent.click(button);
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Download Records.pdf' })).toBeEnabled();
    expect(screen.queryByText('Downloaded')).toBeNull();
  });

  it('shows the server’s message when the link is refused and stays a Download button', async () => {
    stubApi((call) => (call.path === '/getFileUrl/' ? json({ error: 'Not found.' }, 404) : undefined));
    renderWithProviders(<FileDownloadButton file={file} />, { user: currentUser({ id: 5 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Download Records.pdf' }));
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Records.pdf' })).toBeEnabled();
    expect(clicks).toEqual([]);
  });
});

describe('downloadAll', () => {
  it('starts each download DOWNLOAD_STAGGER_MS after the previous one and goes on after a failure', async () => {
    vi.useFakeTimers();
    const files = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map((name) => ({
      url: `provider-records/${name}`,
      name,
    }));
    stubApi((call) => {
      const key = (call.body as { url: string }).url;
      if (key.endsWith('c.pdf')) return json({ error: 'Not found.' }, 404);
      return json({ url: `/files/t/${key.split('/').pop()}` });
    });
    const onEach = vi.fn();
    const start = Date.now();
    const running = downloadAll(files, onEach);

    await vi.advanceTimersByTimeAsync(0);
    expect(clicks.map((c) => c.download)).toEqual(['a.pdf']);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STAGGER_MS - 1);
    expect(clicks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(clicks.map((c) => c.download)).toEqual(['a.pdf', 'b.pdf']);
    await vi.advanceTimersByTimeAsync(2 * DOWNLOAD_STAGGER_MS);

    const failed = await running;
    expect(clicks.map((c) => [c.download, c.at - start])).toEqual([
      ['a.pdf', 0],
      ['b.pdf', DOWNLOAD_STAGGER_MS],
      ['d.pdf', 3 * DOWNLOAD_STAGGER_MS],
    ]);
    expect(failed.map((f) => f.file.name)).toEqual(['c.pdf']);
    expect(onEach.mock.calls.map(([f, i]) => [f.name, i])).toEqual([
      ['a.pdf', 0],
      ['b.pdf', 1],
      ['d.pdf', 3],
    ]);
  });
});

describe('RequestFiles', () => {
  const row = (over: Partial<RequestFile>): RequestFile => requestFile({ request: 9, ...over });
  const staffAbilities = { can_change_verification: true, can_archive: true };

  it('lists active files with date and verifier; Remove and removed files only for those who may archive', async () => {
    const files = [
      row({ id: 1, verified_by: { id: 5, full_name: 'Pat Paralegal' } }),
      row({ id: 2, name: 'Duplicate.pdf', archived: true }),
    ];
    const { unmount } = renderWithProviders(
      <RequestFiles files={files} title="Files" onChanged={() => {}} />,
      { user: currentUser({ id: 5 }) },
    );
    expect(screen.getByText('Records.pdf')).toBeInTheDocument();
    expect(screen.getByText('03/05/2024')).toBeInTheDocument();
    expect(screen.getByText('Pat Paralegal')).toBeInTheDocument();
    expect(screen.queryByText('Duplicate.pdf')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    unmount();

    const asStaff = files.map((f) => ({ ...f, abilities: staffAbilities }));
    renderWithProviders(<RequestFiles files={asStaff} title="Files" onChanged={() => {}} />, {
      user: currentUser({ id: 1, is_internal: true, is_staff: true }),
    });
    expect(screen.getByText('Duplicate.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('verifies as the signed-in user and un-verifies, then reports the change', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/home/file/3/' ? json(row({ id: 3 })) : undefined,
    );
    const onChanged = vi.fn();
    renderWithProviders(<RequestFiles files={[row({ id: 3 })]} title="Files" onChanged={onChanged} />, {
      user: currentUser({ id: 5 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Verify Records.pdf' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/home/file/3/', body: { verified_by: 5 } }),
    ]);
  });

  it('offers no Verify where the server says the verification cannot change (someone else’s)', () => {
    renderWithProviders(
      <RequestFiles
        files={[
          row({
            verified_by: { id: 77, full_name: 'Sam Staff' },
            abilities: { can_change_verification: false, can_archive: false },
          }),
        ]}
        title="Files"
        emptyText="No files yet"
        onChanged={() => {}}
      />,
      { user: currentUser({ id: 5, is_staff: true }) },
    );
    expect(screen.getByText('Sam Staff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /verify/i })).toBeNull();
  });

  it('shows each file’s SHA-256 and Bates range, and flags a second copy of the same bytes', () => {
    const hash = 'ab12'.repeat(16);
    renderWithProviders(
      <RequestFiles
        files={[
          row({ id: 1, name: 'MRI.pdf', sha256: hash, bates_start: 'DOE0000001', bates_end: 'DOE0000004' }),
          row({ id: 2, name: 'MRI copy.pdf', sha256: hash, duplicate_of: 1 }),
          row({ id: 3, name: 'Old.pdf', sha256: null }),
        ]}
        title="Files"
        onChanged={() => {}}
      />,
      { user: currentUser({ id: 1, is_internal: true, is_staff: true }) },
    );
    expect(screen.getAllByText(`SHA-256: ${hash}`)).toHaveLength(2);
    expect(screen.getByText('SHA-256: not computed yet')).toBeInTheDocument();
    expect(screen.getByText('Bates DOE0000001 – DOE0000004')).toBeInTheDocument();
    expect(screen.getByText("Same file as 'MRI.pdf' (identical SHA-256).")).toBeInTheDocument();
    expect(screen.getAllByText('Duplicate')).toHaveLength(1);
  });
});

describe('RecordsPackageButton', () => {
  it('appears once a file carries Bates numbers, downloads the package, and says why when it cannot', async () => {
    const { unmount } = renderWithProviders(<RecordsPackageButton requestId={21} files={[requestFile()]} />);
    expect(screen.queryByRole('button', { name: RECORDS_PACKAGE_MSG.download })).toBeNull();
    unmount();

    const delivered = [requestFile({ bates_start: 'DOE0000001', bates_end: 'DOE0000002' })];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:package');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    let ready = true;
    const calls = stubApi((call) => {
      if (call.path !== '/api/home/request/21/package/') return undefined;
      if (!ready) return json({ error: RECORDS_PACKAGE_MSG.preparing }, 409);
      return new Response('PK', {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="records-10021.zip"',
        },
      });
    });
    renderWithProviders(<RecordsPackageButton requestId={21} files={delivered} />);
    await userEvent.click(screen.getByRole('button', { name: RECORDS_PACKAGE_MSG.download }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/home/request/21/package/' }),
    ]);
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(clicks[0]).toMatchObject({ href: 'blob:package', download: 'records-10021.zip' });
    ready = false;
    await userEvent.click(screen.getByRole('button', { name: RECORDS_PACKAGE_MSG.download }));
    expect(await screen.findByText(RECORDS_PACKAGE_MSG.preparing)).toBeInTheDocument();
  });
});
