/** 'Download as ZIP': one archive of a client's records; 'Download records package': one request's package. */
import { RECORDS_PACKAGE_MSG, type RequestFile } from '@dd/shared';
import { Button, type ButtonProps, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadClientZip, downloadRecordsPackage } from './api';
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

/** Shown once some file of the request carries Bates numbers (it has been delivered). */
export function RecordsPackageButton({
  requestId,
  files,
}: {
  requestId: number;
  files: readonly RequestFile[];
}) {
  const [busy, setBusy] = useState(false);
  if (!files.some((f) => f.bates_start !== null && !f.archived)) return null;
  const start = async () => {
    setBusy(true);
    try {
      await downloadRecordsPackage(requestId);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group>
      <Button
        size="xs"
        variant="light"
        loading={busy}
        onClick={start}
        leftSection={<IconPackage size={14} />}
      >
        {RECORDS_PACKAGE_MSG.download}
      </Button>
    </Group>
  );
}
