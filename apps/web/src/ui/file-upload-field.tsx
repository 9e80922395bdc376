/**
 * File upload: drop or choose one or several files; they upload at once and the form value is the
 * url (single) or a list of {url, filename, order} (multiple). Uploaded files can be opened and removed.
 */
import { ActionIcon, Anchor, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { UploadedFile } from '../api/client';
import type { BaseFieldProps } from './field-props';
import { useFormField } from './form-context';
import { openStoredFile } from './open-stored-file';
import { UploadDropzone, uploadInputId } from './upload-dropzone';
import { byOrder, reindex, type UploadOptions, useUpload } from './use-upload';

type FileValue = string | UploadedFile[];

export interface FileUploadFieldProps extends Omit<BaseFieldProps<FileValue>, 'placeholder'>, UploadOptions {
  /** Accept several files; the value becomes a list. @default false */
  multiple?: boolean;
  /** MIME types accepted, e.g. ['application/pdf']. */
  accept?: string[];
  /** Largest file in bytes. */
  maxSize?: number;
  /** Opens a file when its name is clicked. @default openStoredFile: a checked, logged download link */
  onOpen?: (file: UploadedFile) => void | Promise<void>;
}

const UPLOAD_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i;

/** Last path segment of a url, for files whose original name is not known (minus an upload's uuid prefix). */
export function fileNameFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0];
  const last = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  return last.replace(UPLOAD_PREFIX, '') || last || url;
}

function openErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The file could not be opened.';
}

export function FileUploadField(props: FileUploadFieldProps) {
  const { multiple = false } = props;
  const field = useFormField<FileValue>(props.name, {
    label: props.label,
    required: props.required,
    defaultValue: props.defaultValue,
    value: props.value,
    onChange: props.onChange,
    error: props.error,
    validate: props.validate as ((value: unknown) => string | undefined) | undefined,
  });
  const { busy, upload } = useUpload(field, props);
  const [names, setNames] = useState<Record<string, string>>({});
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const latest = useRef(field.value);
  latest.current = field.value;

  const files: UploadedFile[] = multiple
    ? byOrder(Array.isArray(field.value) ? field.value : [])
    : typeof field.value === 'string' && field.value
      ? [{ url: field.value, filename: names[field.value] ?? fileNameFromUrl(field.value), order: 0 }]
      : [];

  const onDrop = async (dropped: File[]) => {
    const uploaded = await upload(multiple ? dropped : dropped.slice(0, 1));
    if (!uploaded?.length) return;
    setNames((prev) => ({ ...prev, ...Object.fromEntries(uploaded.map((f) => [f.url, f.filename])) }));
    if (multiple) {
      const current = Array.isArray(latest.current) ? byOrder(latest.current) : [];
      field.setValue(reindex([...current, ...uploaded]));
    } else {
      field.setValue(uploaded[0].url);
    }
  };

  const open = async (file: UploadedFile) => {
    setOpening(file.url);
    setOpenError(null);
    try {
      await (props.onOpen ?? ((f: UploadedFile) => openStoredFile(f.url, f.filename)))(file);
    } catch (error) {
      setOpenError(`${file.filename}: ${openErrorText(error)}`);
    } finally {
      setOpening(null);
    }
  };

  const remove = (url: string) => {
    if (multiple) field.setValue(reindex(files.filter((f) => f.url !== url)));
    else field.setValue('');
  };

  const noun = multiple ? 'files' : 'a file';
  return (
    <Input.Wrapper
      id={field.id}
      label={props.label}
      description={props.description}
      required={props.required}
      error={field.error}
      labelProps={{ htmlFor: uploadInputId(field.id) }}
    >
      <Stack gap="xs" mt={4}>
        <UploadDropzone
          id={field.id}
          onDrop={onDrop}
          multiple={multiple}
          accept={props.accept}
          maxSize={props.maxSize}
          loading={busy}
          disabled={props.disabled}
          invalid={Boolean(field.error)}
          describedBy={field.error ? `${field.id}-error` : undefined}
          icon={<IconUpload size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />}
          text={`Drag ${noun} here or click to choose`}
        />
        {files.length > 0 && (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {files.map((file) => (
              <Paper component="li" key={file.url} withBorder px="sm" py={6} radius="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <IconFileText size={18} stroke={1.5} />
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      truncate
                      aria-label={`Open ${file.filename}`}
                      aria-busy={opening === file.url || undefined}
                      disabled={opening === file.url}
                      onClick={() => open(file)}
                    >
                      {file.filename}
                    </Anchor>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${file.filename}`}
                    onClick={() => remove(file.url)}
                    disabled={props.disabled}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {openError && (
          <Text size="xs" c="red" role="alert">
            {openError}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
