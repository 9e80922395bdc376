import { formatDate, type PdfForm, type PdfFormKind } from '@dd/shared';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NamedList } from '../../ui';
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
        <NamedList<PdfForm>
          objectName="Form"
          filterLabel="Name"
          placeholder="Filter by form name"
          queryKey={(name, page, size) => pdfFormKeys.page(kind, name, page, size)}
          load={(name, page, size, signal) => pageForms(kind, name, page, size, signal)}
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
        />
      </Stack>
    </Paper>
  );
}
