import { ADMIN_MSG, type AdminRecord, adminSearchHint } from '@dd/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  EmptyState,
  Loading,
  Pager,
  type ScreenProps,
  usePaging,
} from '../../ui';
import { AdminCrumbs } from './AdminCrumbs';
import { adminKeys, listRecords } from './api';
import { CsvUploadButton } from './CsvUploadButton';
import classes from './data-admin.module.css';
import { EditNameButton } from './EditNameButton';
import { useModel } from './use-model';
import { showValue } from './values';

const PAGE_SIZES = [20, 50, 100] as const;

/**
 * /modelInstances/{app}/{model}/ (cards) and /modelinstancestable/{app}/{model}/ (a table): a model's
 * records, newest first, 20 at a time, with search, Add New and the CSV upload.
 */
export default function InstancesScreen({ params, view }: ScreenProps & { view: 'cards' | 'table' }) {
  const [app = '', modelName = ''] = params;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { appLabel, model, fields, error } = useModel(app, modelName);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(PAGE_SIZES);
  const query = { limit: paging.pageSize, offset: paging.offset, search: typed || undefined };
  const records = useQuery({
    queryKey: adminKeys.records(app, modelName, query),
    queryFn: ({ signal }) => listRecords(app, modelName, query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const label = model?.label ?? modelName;
  const open = (record: AdminRecord) => navigate(`/instance/${app}/${modelName}/${record.id}/`);
  const count = records.data?.count;
  const shown = fields?.slice(0, view === 'table' ? 8 : 3) ?? [];
  const canRename = Boolean(model?.writable && fields?.some((f) => f.name === model.display && !f.read_only));

  const columns: DataTableColumn<AdminRecord>[] = [
    { key: 'id', title: 'ID', width: 70 },
    ...shown.map((f) => ({
      key: f.name,
      title: f.label,
      minWidth: f.type === 'boolean' ? 70 : undefined,
      render: (r: AdminRecord) => showValue(f, r),
    })),
  ];

  return (
    <Stack gap="lg">
      <AdminCrumbs steps={[{ label: appLabel, to: `/models/${app}/` }, { label }]} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{label} records</Title>
          <Text c="dimmed">
            {count === undefined
              ? ' '
              : `${count.toLocaleString('en-US')}${records.data?.count_capped ? '+' : ''} ${count === 1 ? 'record' : 'records'}`}
            {model && !model.writable && ' · read only: these records change on their own screens'}
          </Text>
        </div>
        <Group gap="sm">
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(v) =>
              navigate(`/${v === 'table' ? 'modelinstancestable' : 'modelInstances'}/${app}/${modelName}/`)
            }
            data={[
              { value: 'cards', label: 'Cards' },
              { value: 'table', label: 'Table' },
            ]}
          />
          {model?.writable && fields && (
            <CsvUploadButton app={app} model={modelName} label={label} fields={fields} onImported={refresh} />
          )}
          {model?.writable && (
            <Button
              component={Link}
              to={`/instance/${app}/${modelName}/`}
              leftSection={<IconPlus size={16} />}
            >
              Add New
            </Button>
          )}
        </Group>
      </Group>
      {error && <Alert color="red">{error.message}</Alert>}
      <TextInput
        aria-label={`Search ${label} records`}
        placeholder="Search"
        description={model ? adminSearchHint(model) : undefined}
        disabled={model?.search_fields.length === 0}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          paging.reset();
        }}
        maw={360}
      />
      {view === 'table' ? (
        <DataTable
          columns={columns}
          rows={records.data?.results as AdminRecord[] | undefined}
          emptyText={ADMIN_MSG.noneFound(label)}
          onRowClick={open}
          pagesShown={5}
          {...paging.tableProps(count)}
        />
      ) : records.isPending ? (
        <Loading />
      ) : records.data?.results.length === 0 ? (
        <EmptyState text={ADMIN_MSG.noneFound(label)} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {(records.data?.results as AdminRecord[] | undefined)?.map((record) => (
              <Card
                key={record.id}
                withBorder
                radius="md"
                padding="md"
                className={classes.recordCard}
                component="article"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} truncate>
                    {record.label || `#${record.id}`}
                  </Text>
                  {canRename && model && (
                    <EditNameButton
                      app={app}
                      model={modelName}
                      field={model.display}
                      record={record}
                      className={classes.hoverAction}
                      onSaved={refresh}
                    />
                  )}
                </Group>
                <Stack gap={2} my="xs">
                  {shown
                    .filter((f) => f.name !== model?.display)
                    .map((f) => (
                      <Text key={f.name} size="sm">
                        <Text span c="dimmed">
                          {f.label}:{' '}
                        </Text>
                        {showValue(f, record)}
                      </Text>
                    ))}
                </Stack>
                <Button
                  component={Link}
                  to={`/instance/${app}/${modelName}/${record.id}/`}
                  size="compact-sm"
                  variant="light"
                  aria-label={`Open ${record.label || `#${record.id}`}`}
                >
                  {model?.writable ? 'Edit' : 'View'}
                </Button>
              </Card>
            ))}
          </SimpleGrid>
          {count !== undefined && (
            <Pager
              page={paging.page}
              pageCount={Math.ceil(count / paging.pageSize)}
              onChange={paging.tableProps(count).onPageChange}
              pagesShown={5}
            />
          )}
        </>
      )}
    </Stack>
  );
}
