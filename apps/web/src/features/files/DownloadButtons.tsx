/**
 * 'Download All Files' (one file per second, spec section 9) and 'Download as ZIP' (one archive of a
 * client's records) buttons.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { type DownloadableFile, downloadAll, downloadClientZip } from './api';
import { errorText } from './FileDownloadButton';

export interface DownloadAllButtonProps {
  files: readonly DownloadableFile[];
  label?: string;
  /** Runs after the last download started (for example to refresh 'Downloaded' states). */
  onDownloaded?: () => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function DownloadAllButton({
  files,
  label = 'Download All Files',
  onDownloaded,
  size = 'xs',
  variant = 'light',
}: DownloadAllButtonProps) {
  const [progress, setProgress] = useState<number | null>(null);

  const start = async () => {
    setProgress(0);
    try {
      const failed = await downloadAll(files, (_file, index) => setProgress(index + 1));
      for (const { file, error } of failed) {
        notifications.show({ color: 'red', title: file.name, message: errorText(error) });
      }
      onDownloaded?.();
    } finally {
      setProgress(null);
    }
  };

  const running = progress !== null;
  return (
    <Button
      size={size}
      variant={variant}
      onClick={start}
      disabled={files.length === 0 || running}
      leftSection={<IconDownload size={14} />}
      aria-busy={running || undefined}
    >
      {running ? `Downloading ${Math.min(progress + 1, files.length)} of ${files.length}...` : label}
    </Button>
  );
}

export interface DownloadZipButtonProps {
  clientId: number;
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function DownloadZipButton({
  clientId,
  label = 'Download as ZIP',
  size = 'xs',
  variant = 'default',
}: DownloadZipButtonProps) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await downloadClientZip(clientId);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={variant}
      loading={busy}
      onClick={start}
      leftSection={<IconFileZip size={14} />}
    >
      {label}
    </Button>
  );
}
