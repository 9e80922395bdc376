/** 'Download as ZIP': one archive of a client's records. */
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadClientZip } from './api';
import { errorText } from './FileDownloadButton';

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
