import { DOWNLOAD_STAGGER_MS, type RequestFile } from '@dd/shared';
import { download, post, type UploadedFile, uploadFiles } from '../../api/client';

/** The file calls of spec section 7 and the browser download step. */
export interface DownloadableFile {
  /** Storage key, exchanged for a short-lived link by POST /getFileUrl/. */
  url: string;
  name: string;
  downloaded?: boolean;
  /** The files row, when known: the server then finds it by id instead of by url. */
  id?: number;
}

/** Hands a same-origin link to the browser as a download (the server also sends content-disposition). */
function triggerDownload(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Asks for a download link (the server checks access and logs the download when it is used) and opens it. */
export async function downloadFile(file: DownloadableFile): Promise<void> {
  const { url } = await post<{ url: string }>('/getFileUrl/', { url: file.url, file: file.id });
  triggerDownload(url, file.name);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Downloads the files one after another, DOWNLOAD_STAGGER_MS apart (browsers block bursts of downloads).
 * A file that fails does not stop the others; the failures are returned.
 */
export async function downloadAll<F extends DownloadableFile>(
  files: readonly F[],
  onEach?: (file: F, index: number) => void,
): Promise<{ file: F; error: unknown }[]> {
  const failed: { file: F; error: unknown }[] = [];
  for (const [index, file] of files.entries()) {
    if (index > 0) await pause(DOWNLOAD_STAGGER_MS);
    try {
      await downloadFile(file);
      onEach?.(file, index);
    } catch (error) {
      failed.push({ file, error });
    }
  }
  return failed;
}

/** The request's records package (Bates-stamped PDFs, index and SHA256SUMS) as one ZIP. */
export const downloadRecordsPackage = (requestId: number) =>
  download(`/api/home/request/${requestId}/package/`);

export async function downloadClientZip(clientId: number): Promise<void> {
  const { url } = await post<{ url: string }>('/api/download-zip/', { client: clientId });
  triggerDownload(url, decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)));
}

const attachFile = (body: { name: string; url: string; request: number; supporting_file: boolean }) =>
  post<RequestFile>('/api/home/file/', body);

export const updateFile = (id: number, body: { verified_by?: number | null; archived?: boolean }) =>
  post<RequestFile>(`/api/home/file/${id}/`, body);

/** Uploads to the bucket, then attaches each uploaded file to the request. */
export async function uploadToRequest(
  files: File[],
  options: { requestId: number; supporting: boolean },
): Promise<RequestFile[]> {
  const bucket = options.supporting ? 'supporting-documents' : 'provider-records';
  const uploaded: UploadedFile[] = await uploadFiles(files, { bucket });
  const attached: RequestFile[] = [];
  for (const file of uploaded) {
    attached.push(
      await attachFile({
        name: file.filename,
        url: file.url,
        request: options.requestId,
        supporting_file: options.supporting,
      }),
    );
  }
  return attached;
}
