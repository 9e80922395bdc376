/**
 * Upload documents to a request: drop or choose files; they upload to storage ('supporting-documents' or
 * 'provider-records'), then each is attached to the request. Shows 'Waiting for File Upload...' while it
 * runs and the server's message (too large, wrong type) when it fails.
 */
import '@mantine/dropzone/styles.css';
import { FILE_MSG, MAX_FILES_PER_UPLOAD, MSG } from '@dd/shared';
import { Alert, Group, Input, Loader, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { UploadDropzone, uploadInputId } from '../../ui';
import { uploadToRequest } from './api';
import { errorText } from './FileDownloadButton';

export interface RequestFileUploadProps {
  requestId: number;
  /** Supporting documents (law firms always) or medical records (internal staff). */
  supporting: boolean;
  label: string;
  onUploaded: () => void;
  description?: string;
}

/** What the server accepts (it checks the content again); the picker shows only these. */
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/tiff': ['.tif', '.tiff'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

export function RequestFileUpload({
  requestId,
  supporting,
  label,
  onUploaded,
  description,
}: RequestFileUploadProps) {
  const id = useId();
  const [pending, setPending] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onDrop = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    setPending(files.map((f) => f.name));
    try {
      const attached = await uploadToRequest(files, { requestId, supporting });
      notifications.show({
        color: 'green',
        message:
          attached.length === 1 ? `${attached[0].name} was added.` : `${attached.length} files were added.`,
      });
      onUploaded();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(null);
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    const tooMany = rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
    setError(tooMany ? FILE_MSG.tooManyFiles : FILE_MSG.wrongType);
  };

  const busy = pending !== null;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      labelProps={{ htmlFor: uploadInputId(id) }}
    >
      <Stack gap="xs" mt={4}>
        <UploadDropzone
          id={id}
          onDrop={onDrop}
          onReject={onReject}
          accept={ACCEPT}
          maxFiles={MAX_FILES_PER_UPLOAD}
          multiple
          disabled={busy}
          loading={busy}
          describedBy={[description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ')}
          icon={<IconUpload size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />}
          text="Drag files here or click to choose"
          hint="PDF, image or Word document"
        />
        {busy && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {MSG.waitingForUpload} ({pending.length === 1 ? pending[0] : `${pending.length} files`})
            </Text>
          </Group>
        )}
        {error && (
          <Alert
            id={`${id}-error`}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={16} />}
            role="alert"
          >
            {error}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
