/**
 * Who opened a file: a button beside the file that shows its uploads and downloads (newest first) with
 * the person, the time and the address. The server sends the history only to those who may see it
 * (internal staff and the request's own firm); without it there is no button.
 */
import { type FileAccessEntry, formatDate, formatTime, type RequestFile } from '@dd/shared';
import { Button, Modal, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';

const ACTION_LABEL: Record<FileAccessEntry['action'], string> = {
  DOWNLOAD: 'Downloaded',
  UPLOAD: 'Uploaded',
};

function who(entry: FileAccessEntry): string {
  if (entry.user === null) return 'Deleted user';
  if (typeof entry.user === 'number') return `User #${entry.user}`;
  return entry.user.direct_docs ? `${entry.user.full_name} (Direct Docs)` : entry.user.full_name;
}

function address(entry: FileAccessEntry): string {
  if (entry.ip) return entry.ip;
  return typeof entry.user === 'object' && entry.user?.direct_docs ? 'Not shown' : 'Not recorded';
}

function HistoryTable({ entries }: { entries: readonly FileAccessEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">Nobody has downloaded this file yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{`${formatDate(entry.created_at)} ${formatTime(entry.created_at)}`}</Table.Td>
              <Table.Td>{who(entry)}</Table.Td>
              <Table.Td>{address(entry)}</Table.Td>
              <Table.Td>{ACTION_LABEL[entry.action]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function FileAccessHistoryButton({ file }: { file: RequestFile }) {
  const [opened, { open, close }] = useDisclosure(false);
  if (!file.file_accesses) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={open}
        leftSection={<IconHistory size={14} />}
        aria-label={`Download history of ${file.name}`}
      >
        History
      </Button>
      <Modal opened={opened} onClose={close} title={`Download history: ${file.name}`} size="lg" centered>
        <HistoryTable entries={file.file_accesses} />
      </Modal>
    </>
  );
}
