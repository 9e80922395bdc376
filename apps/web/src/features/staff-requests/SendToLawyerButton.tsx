/**
 * 'Send Request To Lawyer': disabled and relabelled 'Verify All Files Before Sending Out Request' while
 * any file is neither archived, nor supporting, nor verified (the server refuses it too); 'Email Sent!'
 * once the law firm has been told.
 */
import { fileBlocksSending, isMedicalDocument, MSG, type RequestFile, STAFF_MSG } from '@dd/shared';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { sendToLawyer } from './api';
import { errorMessage } from './parts';

export function SendToLawyerButton({
  requestId,
  files,
  onSent,
}: {
  requestId: number;
  files: readonly RequestFile[];
  onSent: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const blocked = files.some(fileBlocksSending);
  const noDocuments = !files.some(isMedicalDocument);

  const send = async () => {
    setBusy(true);
    try {
      await sendToLawyer(requestId);
      notifications.show({ color: 'green', message: MSG.emailSent });
      onSent();
    } catch (error) {
      notifications.show({ color: 'red', title: 'The request was not sent', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Button
        fullWidth
        color={blocked ? 'orange' : 'teal'}
        leftSection={blocked ? <IconAlertTriangle size={18} /> : <IconSend size={18} />}
        disabled={blocked || noDocuments}
        loading={busy}
        onClick={send}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
        h="auto"
        py={8}
      >
        {blocked ? STAFF_MSG.verifyAllFiles : 'Send Request To Lawyer'}
      </Button>
      {!blocked && noDocuments && (
        <Text size="xs" c="dimmed">
          Upload the medical documents first.
        </Text>
      )}
    </Stack>
  );
}
