import { COMPANY_PAGE_SIZES, formatDate, type PdfForm, type PdfFormKind } from '@dd/shared';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, usePaging } from '../../ui';
import { pageForms, pdfFormKeys } from './api';

/** /formlist/ (Edit Mappings): the law firms' and the providers' PDF forms, each list filtered and paged. */
export default function FormListScreen() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Edit Mappings</Title>
        <Text c="dimmed">
          PDF forms filled with a request's data: each law firm's and each provider's own.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <FormTable kind="company" title="Company Forms" owner="Law Firm" />
        <FormTable kind="provider" title="Provider Forms" owner="Provider" />
      </SimpleGrid>
    </Stack>
  );
}

function FormTable({ kind, title, owner }: { kind: PdfFormKind; title: string; owner: string }) {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(COMPANY_PAGE_SIZES);
  const { page, pageSize } = paging;
  const result = useQuery({
    queryKey: pdfFormKeys.page(kind, name, page, pageSize),
    queryFn: ({ signal }) => pageForms(kind, name, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const headingId = `forms-${kind}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Button
            component={Link}
            to={`/editform/${kind}/`}
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
          >
            Add {kind === 'company' ? 'Company' : 'Provider'} Form
          </Button>
        </Group>
        <TextInput
          label="Name"
          placeholder="Filter by form name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            paging.reset();
          }}
          maw={320}
        />
        {result.isError && (
          <Text c="red" role="alert">
            {result.error.message}
          </Text>
        )}
        <DataTable<PdfForm>
          objectName="Form"
          rows={result.data?.results}
          loading={result.isPending}
          minWidth={480}
          columns={[
            {
              key: 'name',
              title: 'Form',
              render: (f) => (
                <Anchor component={Link} to={`/editform/${kind}/${f.id}/`} fw={600} size="sm">
                  {f.name}
                </Anchor>
              ),
            },
            { key: 'owner', title: owner, render: (f) => f.company_name ?? f.provider_name ?? '' },
            { key: 'pages', title: 'Pages', align: 'right', render: (f) => f.page_count },
            { key: 'created', title: 'Added', render: (f) => formatDate(f.created_at) },
          ]}
          {...paging.tableProps(result.data?.count)}
        />
      </Stack>
    </Paper>
  );
}
