import type { AdminModel } from '@dd/shared';
import { Accordion, Anchor, Badge, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '../../ui';
import { adminKeys, listFields } from './api';
import classes from './data-admin.module.css';
import { useAllModels } from './use-model';

function ModelFields({ model }: { model: AdminModel }) {
  const fields = useQuery({
    queryKey: adminKeys.fields(model.app, model.name),
    queryFn: ({ signal }) => listFields(model.app, model.name, signal),
  });
  if (!fields.data) return <Loading />;
  return (
    <Table fz="sm" withTableBorder aria-label={`Fields of ${model.label}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Relates to</Table.Th>
          <Table.Th>Rules</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.data.map((f) => (
          <Table.Tr key={f.name}>
            <Table.Td ff="monospace">{f.name}</Table.Td>
            <Table.Td>{f.type}</Table.Td>
            <Table.Td>{f.is_relation ? `${f.related_app}/${f.related_model}` : ''}</Table.Td>
            <Table.Td>
              {[
                f.required && 'required',
                f.read_only && 'read only',
                f.max_length && `at most ${f.max_length}`,
              ]
                .filter(Boolean)
                .join(', ')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /apidocs/: every model's fields, and the OpenAPI document of every route in Swagger UI (served by
 * this server from /api/docs/, built from the routes' own schemas).
 */
export default function ApiDocsScreen() {
  const { models: all, loading } = useAllModels();
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>API Docs</Title>
        <Text c="dimmed">
          The models and their fields, and every call of the HTTP API with its parameters and answers. The raw
          document is at{' '}
          <Anchor href="/api/openapi.json" target="_blank">
            /api/openapi.json
          </Anchor>
          .
        </Text>
      </div>
      <Tabs defaultValue="models" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="models">Models</Tabs.Tab>
          <Tabs.Tab value="http">HTTP API</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="models" pt="md">
          {loading ? (
            <Loading />
          ) : (
            <Accordion variant="separated" value={open} onChange={setOpen}>
              {all.map((m) => {
                const key = `${m.app}/${m.name}`;
                return (
                  <Accordion.Item key={key} value={key}>
                    <Accordion.Control>
                      <Group gap="sm">
                        <Text fw={600}>{m.label}</Text>
                        <Text size="sm" c="dimmed" ff="monospace">
                          {key}
                        </Text>
                        {!m.writable && (
                          <Badge size="xs" variant="light" color="gray">
                            read only
                          </Badge>
                        )}
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>{open === key && <ModelFields model={m} />}</Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="http" pt="md">
          <iframe src="/api/docs/" title="HTTP API reference" className={classes.docsFrame} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
