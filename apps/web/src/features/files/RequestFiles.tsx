/**
 * The files of a request: name, date added, who verified it, and Download / Verify / Remove as the
 * server's abilities allow. Removed (archived) files are listed only to those who may restore them.
 */
import { formatDate, type RequestFile } from '@dd/shared';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconRestore } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useAuth } from '../../auth';
import { ConfirmDeleteButton, DataTable } from '../../ui';
import { updateFile } from './api';
import { FileAccessHistoryButton } from './FileAccessHistory';
import { errorText, FileDownloadButton } from './FileDownloadButton';
import { FileFacts } from './FileFacts';

export interface RequestFilesProps {
  files: readonly RequestFile[];
  title: ReactNode;
  emptyText?: ReactNode;
  onChanged: () => void;
}

function VerifyButton({ file, onChanged }: { file: RequestFile; onChanged: () => void }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const verified = file.verified_by !== null;
  if (!file.abilities.can_change_verification) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      await updateFile(file.id, { verified_by: verified ? null : user.id });
      onChanged();
    } catch (error) {
      notifications.show({ color: 'red', title: file.name, message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant={verified ? 'default' : 'light'}
      color={verified ? 'gray' : 'teal'}
      loading={busy}
      onClick={toggle}
      leftSection={verified ? undefined : <IconCircleCheck size={14} />}
      aria-label={`${verified ? 'Unverify' : 'Verify'} ${file.name}`}
    >
      {verified ? 'Unverify' : 'Verify'}
    </Button>
  );
}

function ArchiveButton({ file, onChanged }: { file: RequestFile; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  if (!file.archived) {
    return (
      <ConfirmDeleteButton
        size="xs"
        label="Remove"
        message={`Remove ${file.name} from this request? It stays in the archive and can be restored.`}
        onConfirm={async () => {
          await updateFile(file.id, { archived: true });
          onChanged();
        }}
      />
    );
  }
  const restore = async () => {
    setBusy(true);
    try {
      await updateFile(file.id, { archived: false });
      onChanged();
    } catch (error) {
      notifications.show({ color: 'red', title: file.name, message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      onClick={restore}
      leftSection={<IconRestore size={14} />}
    >
      Restore
    </Button>
  );
}

export function RequestFiles({ files, title, emptyText, onChanged }: RequestFilesProps) {
  const rows = files.filter((f) => !f.archived || f.abilities.can_archive);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      <DataTable<RequestFile>
        rows={rows}
        objectName="File"
        emptyText={emptyText}
        minWidth={640}
        columns={[
          {
            key: 'name',
            title: 'Name',
            render: (f) => (
              <Stack gap={2}>
                <Group gap="xs" wrap="nowrap">
                  <Text
                    size="sm"
                    c={f.archived ? 'dimmed' : undefined}
                    td={f.archived ? 'line-through' : undefined}
                  >
                    {f.name}
                  </Text>
                  {f.archived && (
                    <Badge size="xs" color="gray" variant="light">
                      Removed
                    </Badge>
                  )}
                </Group>
                <FileFacts file={f} files={files} />
              </Stack>
            ),
          },
          { key: 'created_at', title: 'Added', width: 110, render: (f) => formatDate(f.created_at) },
          {
            key: 'verified_by',
            title: 'Verified By',
            width: 150,
            render: (f) =>
              f.verified_by ? (
                <Text size="sm">{f.verified_by.full_name}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  Not verified
                </Text>
              ),
          },
          {
            key: 'actions',
            title: 'Actions',
            align: 'right',
            render: (f) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <FileDownloadButton file={f} onDownloaded={onChanged} />
                <FileAccessHistoryButton file={f} />
                {!f.archived && <VerifyButton file={f} onChanged={onChanged} />}
                {f.abilities.can_archive && <ArchiveButton file={f} onChanged={onChanged} />}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
