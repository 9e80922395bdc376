import { type Billing, COMPANY_PAGE_SIZES, formatDate, formatMoney, parseAmount } from '@dd/shared';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { lookupFirm, searchFirms } from '../../api/choices';
import { useAuth } from '../../auth';
import { DataTable, SearchSelect, usePaging } from '../../ui';
import { type BillingFilters, billingKeys, downloadBillingPdf, listBillings } from './api';
import { PaidButton } from './PaidButton';
import { PayByCardButton } from './PayByCardButton';

/**
 * /billings/: billings newest first, filtered by title, law firm (Direct Docs staff only) and paid
 * status. A firm's staff see their own company's billings; each opens its invoice view.
 */
export default function BillingsScreen() {
  const { user } = useAuth();
  const [title, setTitle] = useState('');
  const [debouncedTitle] = useDebouncedValue(title.trim(), 300);
  const [company, setCompany] = useState<number | undefined>();
  const [paid, setPaid] = useState<'all' | 'true' | 'false'>('all');
  const paging = usePaging(COMPANY_PAGE_SIZES, COMPANY_PAGE_SIZES[1]);
  const [failure, setFailure] = useState<string | null>(null);
  const filters: BillingFilters = {
    title: debouncedTitle || undefined,
    company,
    paid: paid === 'all' ? undefined : paid,
  };
  const query = useQuery({
    queryKey: billingKeys.billings(filters, paging.offset, paging.pageSize),
    queryFn: ({ signal }) => listBillings(filters, paging.offset, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const isAdmin = Boolean(user?.is_internal && user.is_admin_user);
  const reset = paging.reset;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Billings</Title>
        <Text c="dimmed">
          {user?.is_internal
            ? 'Every billing sent to a law firm, newest first.'
            : 'Your firm’s invoices, newest first.'}
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: user?.is_internal ? 3 : 2 }} spacing="sm">
            <TextInput
              label="Title"
              placeholder="Search titles"
              leftSection={<IconSearch size={16} />}
              value={title}
              onChange={(e) => {
                setTitle(e.currentTarget.value);
                reset();
              }}
            />
            {user?.is_internal && (
              <SearchSelect
                label="Law Firm"
                placeholder="Any law firm"
                kind="firms"
                value={company}
                onChange={(id) => {
                  setCompany(id);
                  reset();
                }}
                search={searchFirms}
                lookup={lookupFirm}
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={600} id="billing-status-label">
                Status
              </Text>
              <SegmentedControl
                aria-labelledby="billing-status-label"
                value={paid}
                onChange={(value) => {
                  setPaid(value as typeof paid);
                  reset();
                }}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'false', label: 'Not Paid' },
                  { value: 'true', label: 'Paid' },
                ]}
              />
            </Stack>
          </SimpleGrid>
          {(query.isError || failure) && (
            <Text c="red" role="alert">
              {failure ?? query.error?.message}
            </Text>
          )}
          <DataTable<Billing>
            objectName="Billing"
            rows={query.data?.results}
            loading={query.isPending}
            minWidth={900}
            columns={[
              {
                key: 'title',
                title: 'Title',
                render: (b) => (
                  <Anchor component={Link} to={`/invoice/${b.company.id}/${b.id}/`} fw={600}>
                    {b.title}
                  </Anchor>
                ),
              },
              ...(user?.is_internal
                ? [{ key: 'company', title: 'Law Firm', render: (b: Billing) => b.company.name }]
                : []),
              { key: 'created_at', title: 'Billed', render: (b) => formatDate(b.created_at), width: 110 },
              { key: 'lines', title: 'Lines', render: (b) => b.lines, align: 'right', width: 80 },
              {
                key: 'total',
                title: 'Total',
                render: (b) => formatMoney(b.total),
                align: 'right',
                width: 120,
              },
              {
                key: 'status',
                title: 'Status',
                width: 150,
                render: (b) => (
                  <Badge color={b.is_paid ? 'green' : 'orange'} variant="light" tt="none">
                    {b.is_paid ? `Paid ${formatDate(b.paid_at)}` : 'Not Paid'}
                  </Badge>
                ),
              },
              {
                key: 'actions',
                title: 'Actions',
                render: (b) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconFileTypePdf size={14} />}
                      aria-label={`Download the PDF of ${b.title}`}
                      onClick={() => {
                        setFailure(null);
                        downloadBillingPdf(b.id).catch((error: Error) => setFailure(error.message));
                      }}
                    >
                      PDF
                    </Button>
                    {isAdmin && <PaidButton billing={b} size="compact-sm" />}
                    {!user?.is_internal && !b.is_paid && parseAmount(b.total) > 0 && (
                      <PayByCardButton billing={b} />
                    )}
                  </Group>
                ),
              },
            ]}
            {...paging.tableProps(query.data?.count)}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
