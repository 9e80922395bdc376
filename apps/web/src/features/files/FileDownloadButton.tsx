/**
 * Download button for one file. For a law-firm user it turns into a red 'Downloaded' once the file has
 * been downloaded (spec section 4), which still downloads it again (every download is logged): records
 * get lost on laptops (decision 036). Internal staff see a plain Download button, except on a firm's
 * dashboard (FirmView), which shows staff exactly what the firm sees.
 */
import { FILE_MSG } from '@dd/shared';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useAuth } from '../../auth';
import { type DownloadableFile, downloadFile } from './api';

export interface FileDownloadButtonProps {
  file: DownloadableFile;
  onDownloaded?: () => void;
  /** Button text. @default 'Download' */
  label?: string;
  size?: ButtonProps['size'];
}

/** Inside it, buttons show the firm's view whoever is looking (a firm's dashboard opened by staff). */
const FirmViewContext = createContext(false);
export const FirmView = ({ children }: { children: ReactNode }) => (
  <FirmViewContext.Provider value={true}>{children}</FirmViewContext.Provider>
);

export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The download could not start.';
}

export function FileDownloadButton({
  file,
  onDownloaded,
  label = 'Download',
  size = 'xs',
}: FileDownloadButtonProps) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const firmView = useContext(FirmViewContext) || (user ? !user.is_internal : false);

  const start = async () => {
    setBusy(true);
    try {
      await downloadFile(file);
      setDone(true);
      onDownloaded?.();
    } catch (error) {
      notifications.show({ color: 'red', title: file.name, message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  if (firmView && (done || file.downloaded)) {
    return (
      <Button
        size={size}
        color="red"
        variant="light"
        loading={busy}
        onClick={start}
        leftSection={<IconCheck size={14} />}
        title="Downloaded. Select to download it again."
        aria-label={`${FILE_MSG.downloaded}: ${file.name}. Download again`}
      >
        {FILE_MSG.downloaded}
      </Button>
    );
  }

  return (
    <Button
      size={size}
      variant="light"
      loading={busy}
      onClick={start}
      leftSection={<IconDownload size={14} />}
      aria-label={label === 'Download' ? `Download ${file.name}` : undefined}
    >
      {label}
    </Button>
  );
}
