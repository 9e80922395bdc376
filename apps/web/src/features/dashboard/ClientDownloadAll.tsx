/**
 * 'Download All Files' for one client: fetches the client's ready files (GET /api/download-records/),
 * then downloads them one second apart, showing progress; the lists refresh their 'Downloaded' states.
 */
import { FILE_MSG } from '@dd/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { downloadAll } from '../files';
import { clientFiles, type DashboardTarget } from './api';

export interface ClientDownloadAllProps {
  target: DashboardTarget;
  clientId: number;
  clientName: string;
  disabled?: boolean;
}

export function ClientDownloadAll({ target, clientId, clientName, disabled }: ClientDownloadAllProps) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const start = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const files = await clientFiles(target, clientId);
      if (files.length === 0) {
        notifications.show({ message: FILE_MSG.noFilesForClient });
        return;
      }
      setProgress({ done: 0, total: files.length });
      const failed = await downloadAll(files, (_file, index) =>
        setProgress({ done: index + 1, total: files.length }),
      );
      for (const { file, error } of failed) {
        notifications.show({
          color: 'red',
          title: file.name,
          message: error instanceof Error ? error.message : 'The download could not start.',
        });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
      void refreshData(queryClient, 'requests');
    }
  };

  const running = progress !== null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={start}
      disabled={disabled || running}
      aria-label={`Download All Files of ${clientName}`}
      aria-busy={running || undefined}
    >
      {running && progress.total > 0
        ? `Downloading ${Math.min(progress.done + 1, progress.total)} of ${progress.total}...`
        : 'Download All Files'}
    </Button>
  );
}
