/**
 * 'Send Request To Lawyer': disabled and relabelled 'Verify All Files Before Sending Out Request' while
 * any file is neither archived, nor supporting, nor verified (the server refuses it too). It asks first
 * (the firm is e-mailed at once and the request completes), then shows the spec's 'Email Sent!' banner.
 */
import { fileBlocksSending, isMedicalDocument, MSG, type RequestFile, STAFF_MSG } from '@dd/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconSend } from '@tabler/icons-react';
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
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const blocked = files.some(fileBlocksSending);
  const noDocuments = !files.some(isMedicalDocument);

  const send = async () => {
    setBusy(true);
    try {
      await sendToLawyer(requestId);
      setAsking(false);
      setSent(true);
      onSent();
    } catch (error) {
      notifications.show({ color: 'red', title: 'The request was not sent', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const documents = files.filter(isMedicalDocument).length;
  return (
    <Stack gap={4}>
      {sent && (
        <Alert color="green" icon={<IconCheck size={18} />} withCloseButton onClose={() => setSent(false)}>
          {MSG.emailSent}
        </Alert>
      )}
      <Modal
        opened={asking}
        onClose={() => !busy && setAsking(false)}
        title="Send the records to the law firm?"
      >
        <Stack>
          <Text size="sm">
            The law firm is e-mailed that {documents} {documents === 1 ? 'document is' : 'documents are'}{' '}
            ready to download, and the request is marked 'Completed - Documents Arrived'.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
            <Button color="teal" loading={busy} onClick={send} leftSection={<IconSend size={16} />}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Button
        fullWidth
        color={blocked ? 'orange' : 'teal'}
        leftSection={blocked ? <IconAlertTriangle size={18} /> : <IconSend size={18} />}
        disabled={blocked || noDocuments}
        onClick={() => setAsking(true)}
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
