import { MSG } from '@dd/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadedFile } from '../api/client';
import { json, renderWithProviders, stubApi } from '../test';
import { FileUploadField, fileNameFromUrl } from './file-upload-field';
import { Form } from './form';
import { movePhoto, type Photo, PhotoUploadField } from './photo-upload-field';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('FileUploadField', () => {
  it('reads "Waiting for File Upload..." while uploading and submits the url', async () => {
    const pending = deferred<UploadedFile[]>();
    const uploader = vi.fn(() => pending.promise);
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form onSubmit={onSubmit} submitLabel="Save Client">
        <FileUploadField
          name="hipaa_consent_url"
          label="HIPAA Form"
          bucket="hipaa-forms"
          uploader={uploader}
        />
      </Form>,
    );
    await userEvent.upload(screen.getByLabelText('HIPAA Form', { selector: 'input' }), pdf('consent.pdf'));
    const button = screen.getByRole('button', { name: MSG.waitingForUpload });
    expect(button).toBeDisabled();
    expect(uploader).toHaveBeenCalledWith([expect.any(File)], {
      bucket: 'hipaa-forms',
      name: undefined,
      path: undefined,
    });

    const key = 'hipaa-forms/u5/0f8fad5b-d9cb-469f-a165-70867728950e-consent.pdf';
    pending.resolve([{ url: key, filename: 'consent.pdf', order: 0 }]);
    const open = await screen.findByRole('button', { name: 'Open consent.pdf' });
    expect(open).toHaveTextContent('consent.pdf');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Client' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ hipaa_consent_url: key }));
  });

  it('opens a saved file through the download flow when its name is clicked, without submitting', async () => {
    const onSubmit = vi.fn();
    const key = 'hipaa-forms/u5/0f8fad5b-d9cb-469f-a165-70867728950e-signed_form.pdf';
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/getFileUrl/'
        ? json({ url: '/files/tok.en/signed_form.pdf' })
        : undefined,
    );
    const downloaded: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded.push(this);
    });
    renderWithProviders(
      <Form onSubmit={onSubmit}>
        <FileUploadField name="hipaa" label="HIPAA Form" bucket="hipaa-forms" defaultValue={key} />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open signed_form.pdf' }));
    await waitFor(() => expect(downloaded).toHaveLength(1));
    expect(calls).toEqual([expect.objectContaining({ path: '/getFileUrl/', body: { url: key } })]);
    expect(downloaded[0].getAttribute('href')).toBe('/files/tok.en/signed_form.pdf');
    expect(downloaded[0].download).toBe('signed_form.pdf');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses onOpen when given and shows why a file could not be opened', async () => {
    const onOpen = vi.fn(async () => {
      throw new Error('Not found.');
    });
    renderWithProviders(
      <FileUploadField
        name="form"
        label="Form"
        bucket="provider-forms"
        defaultValue="provider-forms/u2/form.pdf"
        onOpen={onOpen}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open form.pdf' }));
    expect(onOpen).toHaveBeenCalledWith({
      url: 'provider-forms/u2/form.pdf',
      filename: 'form.pdf',
      order: 0,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('form.pdf: Not found.');
  });

  it('collects several files with order indexes and removes one', async () => {
    let n = 0;
    const uploader = vi.fn(async (files: File[]) =>
      files.map((f) => ({ url: `/files/u/${++n}`, filename: f.name, order: 0 })),
    );
    const onChange = vi.fn();
    renderWithProviders(
      <FileUploadField
        name="documents[]"
        label="Supporting Documents"
        bucket="supporting-documents"
        multiple
        uploader={uploader}
        onChange={onChange}
      />,
    );
    await userEvent.upload(screen.getByLabelText('Supporting Documents', { selector: 'input' }), [
      pdf('a.pdf'),
      pdf('b.pdf'),
    ]);
    await screen.findByRole('button', { name: 'Open b.pdf' });
    await userEvent.upload(
      screen.getByLabelText('Supporting Documents', { selector: 'input' }),
      pdf('c.pdf'),
    );
    await screen.findByRole('button', { name: 'Open c.pdf' });
    expect(onChange).toHaveBeenLastCalledWith([
      { url: '/files/u/1', filename: 'a.pdf', order: 0 },
      { url: '/files/u/2', filename: 'b.pdf', order: 1 },
      { url: '/files/u/3', filename: 'c.pdf', order: 2 },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.queryByRole('button', { name: 'Open a.pdf' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([
      { url: '/files/u/2', filename: 'b.pdf', order: 0 },
      { url: '/files/u/3', filename: 'c.pdf', order: 1 },
    ]);
  });

  it('shows an upload failure under the field', async () => {
    const uploader = vi.fn(async () => {
      throw new Error('File too large.');
    });
    renderWithProviders(<FileUploadField name="f" label="Form" bucket="company-forms" uploader={uploader} />);
    await userEvent.upload(screen.getByLabelText('Form', { selector: 'input' }), pdf('big.pdf'));
    expect(await screen.findByText('File too large.')).toBeInTheDocument();
  });

  it('is required like any other field', async () => {
    renderWithProviders(
      <Form onSubmit={vi.fn()}>
        <FileUploadField name="hipaa" label="HIPAA Form" required bucket="hipaa-forms" uploader={vi.fn()} />
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      screen.getByText('The field HIPAA Form must be filled out to submit the form.'),
    ).toBeInTheDocument();
    // The form sends focus to the zone itself, which says why it is invalid.
    const zone = screen.getByRole('button', { name: 'HIPAA Form Drag a file here or click to choose' });
    expect(zone).toHaveFocus();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(zone).toHaveAccessibleDescription('The field HIPAA Form must be filled out to submit the form.');
  });

  it('is one button named by its label and visible text, with no control nested inside', () => {
    renderWithProviders(
      <FileUploadField name="f" label="HIPAA Form" bucket="hipaa-forms" uploader={vi.fn()} />,
    );
    const zone = screen.getByRole('button', { name: 'HIPAA Form Drag a file here or click to choose' });
    expect(zone).toHaveAttribute('tabindex', '0');
    const input = screen.getByLabelText('HIPAA Form', { selector: 'input' });
    expect(zone).toContainElement(input);
    expect(input).not.toBeVisible();
    expect(input).toHaveAttribute('tabindex', '-1');
  });

  it('fileNameFromUrl takes the last path segment without an upload’s uuid prefix', () => {
    expect(fileNameFromUrl('/files/hipaa-forms/My%20Form.pdf?sig=1')).toBe('My Form.pdf');
    expect(fileNameFromUrl('hipaa-forms/u5/0f8fad5b-d9cb-469f-a165-70867728950e-consent.pdf')).toBe(
      'consent.pdf',
    );
  });
});

const photos: Photo[] = [
  { url: '/p/c.png', filename: 'c.png', order: 2 },
  { url: '/p/a.png', filename: 'a.png', order: 0, id: 11 },
  { url: '/p/b.png', filename: 'b.png', order: 1 },
];

describe('PhotoUploadField', () => {
  it('shows thumbnails at 20% width ordered by order index', () => {
    renderWithProviders(
      <PhotoUploadField name="photos[]" label="Photos" bucket="photos" defaultValue={photos} />,
    );
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.png', 'c.png']);
    expect(screen.getAllByTestId('photo')[0]).toHaveStyle({ width: '20%' });
  });

  it('drag-and-drop reorders and rewrites the order indexes', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PhotoUploadField
        name="photos[]"
        label="Photos"
        bucket="photos"
        defaultValue={photos}
        onChange={onChange}
      />,
    );
    const [first, , third] = screen.getAllByTestId('photo');
    fireEvent.dragStart(third);
    fireEvent.dragOver(first);
    fireEvent.drop(first);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'c.png',
      'a.png',
      'b.png',
    ]);
    expect(onChange).toHaveBeenLastCalledWith([
      { url: '/p/c.png', filename: 'c.png', order: 0 },
      { url: '/p/a.png', filename: 'a.png', order: 1, id: 11 },
      { url: '/p/b.png', filename: 'b.png', order: 2 },
    ]);
  });

  it('moves with the keyboard-reachable buttons, removes, and uploads more', async () => {
    const onRemove = vi.fn();
    const uploader = vi.fn(async () => [{ url: '/p/d.png', filename: 'd.png', order: 0 }]);
    renderWithProviders(
      <PhotoUploadField
        name="photos[]"
        label="Listing Photos"
        bucket="photos"
        defaultValue={photos}
        uploader={uploader}
        onRemove={onRemove}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move a.png later' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove c.png' }));
    expect(onRemove).toHaveBeenCalledWith({ url: '/p/c.png', filename: 'c.png', order: 2 });
    await userEvent.upload(screen.getByLabelText('Listing Photos', { selector: 'input' }), png('d.png'));
    await waitFor(() =>
      expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
        'b.png',
        'a.png',
        'd.png',
      ]),
    );
  });

  it('movePhoto rewrites indexes', () => {
    expect(movePhoto(photos, 0, 2).map((p) => [p.filename, p.order])).toEqual([
      ['b.png', 0],
      ['c.png', 1],
      ['a.png', 2],
    ]);
  });
});
