/**
 * Shared upload step for the file and photo fields: marks the form as uploading (so the submit
 * button reads 'Waiting for File Upload...'), calls the uploader, and reports a failure on the field.
 */
import { useState } from 'react';
import { type UploadedFile, uploadFiles } from '../api/client';
import type { FormField } from './form-context';

export type Uploader = (
  files: File[],
  options: { bucket: string; name?: string; path?: string },
) => Promise<UploadedFile[]>;

export interface UploadOptions {
  bucket: string;
  /** Name sent with the upload; defaults to the first file's name. */
  uploadName?: string;
  /** Upload address. @default '/api/photoUpload/' */
  path?: string;
  /** Replaces the real upload call (tests, previews). */
  uploader?: Uploader;
}

/** Renumbers order indexes to match list position. */
export function reindex<T extends { order: number }>(items: readonly T[]): T[] {
  return items.map((item, order) => ({ ...item, order }));
}

/** Sorted copy by order index. */
export function byOrder<T extends { order: number }>(items: readonly T[] | undefined): T[] {
  return [...(items ?? [])].sort((a, b) => a.order - b.order);
}

export function useUpload<T>(field: FormField<T>, options: UploadOptions) {
  const [busy, setBusy] = useState(false);
  const upload = async (files: File[]): Promise<UploadedFile[] | null> => {
    if (files.length === 0) return null;
    setBusy(true);
    field.setUploading(true);
    field.setError(undefined);
    try {
      const send = options.uploader ?? uploadFiles;
      return await send(files, { bucket: options.bucket, name: options.uploadName, path: options.path });
    } catch (error) {
      field.setError(error instanceof Error && error.message ? error.message : 'Upload failed.');
      return null;
    } finally {
      field.setUploading(false);
      setBusy(false);
    }
  };
  return { busy, upload };
}
