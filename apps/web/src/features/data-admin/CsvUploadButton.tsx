import { ADMIN_MSG, type AdminCsvResult, type AdminField } from '@dd/shared';
import { Alert, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadCsv } from './api';

/**
 * CSV batch upload (spec section 2): the file is checked first and its errors listed line by line;
 * 'Import' writes every row in one go, or nothing.
 */
export function CsvUploadButton(props: {
  app: string;
  model: string;
  label: string;
  fields: AdminField[];
  onImported: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<AdminCsvResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = props.fields.filter((f) => !f.read_only).map((f) => f.name);

  const close = () => {
    if (busy) return;
    setOpened(false);
    reset();
  };
  const reset = () => {
    setFile(null);
    setCsv('');
    setResult(null);
    setFailure(null);
  };
  const run = async (text: string, commit: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await uploadCsv(props.app, props.model, text, commit);
      setResult(answer);
      if (commit && answer.imported > 0) {
        notifications.show({ color: 'green', message: ADMIN_MSG.csvImported(answer.imported) });
        setOpened(false);
        reset();
        props.onImported();
      }
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    await run(text, false);
  };
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`${editable.join(',')}\n`)}`;
  const errors = result?.errors ?? [];

  return (
    <>
      <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={() => setOpened(true)}>
        Upload CSV
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Upload ${props.label} records from a CSV file`}
        size="xl"
      >
        <Stack>
          <Text size="sm">
            The first line names the fields ({editable.join(', ')}); each line after it is one new record.
            Nothing is imported unless every line is right.{' '}
            <a href={template} download={`${props.model}.csv`}>
              Download a template
            </a>
          </Text>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            disabled={busy}
          />
          {failure && <Alert color="red">{failure}</Alert>}
          {result && errors.length > 0 && (
            <Alert color="red" title={ADMIN_MSG.csvHasErrors}>
              <ScrollArea.Autosize mah={260}>
                <Table fz="sm" aria-label="Errors in the file">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line</Table.Th>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Problem</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {errors.map((e) => (
                      <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                        <Table.Td>{e.row}</Table.Td>
                        <Table.Td>{e.field}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Alert>
          )}
          {result && errors.length === 0 && (
            <>
              <Text size="sm" fw={500}>
                {result.rows.toLocaleString('en-US')} {result.rows === 1 ? 'line is' : 'lines are'} ready to
                import. The first ones:
              </Text>
              <ScrollArea>
                <Table fz="sm" withTableBorder aria-label="Preview of the file">
                  <Table.Thead>
                    <Table.Tr>
                      {Object.keys(result.preview[0] ?? {}).map((h) => (
                        <Table.Th key={h}>{h}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.preview.map((row, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: preview lines have no id
                      <Table.Tr key={i}>
                        {Object.values(row).map((v, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells in file order
                          <Table.Td key={j}>{v}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={() => void run(csv, true)}
              loading={busy}
              disabled={!result || errors.length > 0 || result.rows === 0}
            >
              Import{result && errors.length === 0 ? ` ${result.rows.toLocaleString('en-US')} records` : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
