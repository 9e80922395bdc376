import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test';
import { openStoredFile } from './open-stored-file';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('openStoredFile', () => {
  it('asks POST /getFileUrl/ for a link to the storage key and downloads it', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/getFileUrl/'
        ? json({ url: '/files/tok.en/consent.pdf' })
        : undefined,
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await openStoredFile('hipaa-forms/u5/abc-consent.pdf', 'consent.pdf');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/getFileUrl/',
        body: { url: 'hipaa-forms/u5/abc-consent.pdf' },
      }),
    ]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe('/files/tok.en/consent.pdf');
    expect(clicked[0].download).toBe('consent.pdf');
    expect(document.body.contains(clicked[0])).toBe(false);
  });

  it('opens a web address in a new tab without asking the server', async () => {
    const calls = stubApi(() => undefined);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await openStoredFile('https://clinic.example/records-request', 'records-request');
    expect(open).toHaveBeenCalledWith(
      'https://clinic.example/records-request',
      '_blank',
      'noopener,noreferrer',
    );
    expect(calls).toEqual([]);
  });

  it('passes on a refusal', async () => {
    stubApi((call) => (call.path === '/getFileUrl/' ? json({ error: 'Not found.' }, 404) : undefined));
    await expect(openStoredFile('hipaa-forms/u9/x.pdf', 'x.pdf')).rejects.toThrow('Not found.');
  });
});
