import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '../api/client';
import { openStoredFile } from './open-stored-file';

vi.mock('../api/client', () => ({ post: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

describe('openStoredFile', () => {
  it('asks POST /getFileUrl/ for a link to the storage key and downloads it', async () => {
    vi.mocked(post).mockResolvedValue({ url: '/files/tok.en/consent.pdf' });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await openStoredFile('hipaa-forms/u5/abc-consent.pdf', 'consent.pdf');
    expect(post).toHaveBeenCalledWith('/getFileUrl/', { url: 'hipaa-forms/u5/abc-consent.pdf' });
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe('/files/tok.en/consent.pdf');
    expect(clicked[0].download).toBe('consent.pdf');
    expect(document.body.contains(clicked[0])).toBe(false);
  });

  it('opens a web address in a new tab without asking the server', async () => {
    vi.mocked(post).mockClear();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await openStoredFile('https://clinic.example/records-request', 'records-request');
    expect(open).toHaveBeenCalledWith(
      'https://clinic.example/records-request',
      '_blank',
      'noopener,noreferrer',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('passes on a refusal', async () => {
    vi.mocked(post).mockRejectedValue(new Error('Not found.'));
    await expect(openStoredFile('hipaa-forms/u9/x.pdf', 'x.pdf')).rejects.toThrow('Not found.');
  });
});
