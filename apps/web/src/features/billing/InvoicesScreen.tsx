import { COMPANY_PAGE_SIZES, type InvoiceCompany } from '@dd/shared';
import { Anchor, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, usePaging } from '../../ui';
import { billingKeys, pageInvoiceCompanies } from './api';

/** /invoices/ (internal staff): every law firm with its normal and rush requests, each opening its invoice. */
export default function InvoicesScreen() {
  const paging = usePaging(COMPANY_PAGE_SIZES);
  const { page, pageSize } = paging;
  const query = useQuery({
    queryKey: billingKeys.companies(page, pageSize),
    queryFn: ({ signal }) => pageInvoiceCompanies(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Invoices</Title>
        <Text c="dimmed">
          Law firms with their requests. Open a firm to see its invoice lines and bill them.
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md">
        {query.isError && (
          <Text c="red" role="alert">
            {query.error.message}
          </Text>
        )}
        <DataTable<InvoiceCompany>
          objectName="Company"
          emptyText="No Companies Found"
          rows={query.data?.results}
          loading={query.isPending}
          columns={[
            {
              key: 'name',
              title: 'Law Firm',
              render: (c) => (
                <Anchor component={Link} to={`/invoice/${c.id}/`} fw={600}>
                  {c.name}
                </Anchor>
              ),
            },
            {
              key: 'normal_requests',
              title: 'Normal Requests',
              render: (c) => c.normal_requests,
              align: 'right',
              width: 150,
            },
            {
              key: 'rush_requests',
              title: 'Rush Requests',
              render: (c) => c.rush_requests,
              align: 'right',
              width: 140,
            },
            {
              key: 'unbilled_lines',
              title: 'Ready to bill',
              render: (c) =>
                c.unbilled_lines > 0 ? (
                  <Badge variant="light" color="orange" tt="none">
                    {c.unbilled_lines}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                ),
              align: 'right',
              width: 130,
            },
            {
              key: 'open',
              title: 'Invoice',
              render: (c) => (
                <Button
                  component={Link}
                  to={`/invoice/${c.id}/`}
                  size="compact-sm"
                  variant="light"
                  aria-label={`Open the invoice of ${c.name}`}
                >
                  Open
                </Button>
              ),
              width: 100,
            },
          ]}
          {...paging.tableProps(query.data?.count)}
        />
      </Paper>
    </Stack>
  );
}
