import { addCents, COMPANY_PAGE_SIZES, formatDate, formatMoney, parseAmount } from '@dd/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { idParam, Loading, type ScreenProps, usePaging } from '../../ui';
import {
  billingKeys,
  downloadBillingPdf,
  downloadInvoiceCsv,
  getBilling,
  type InvoiceFilters,
  pageInvoice,
} from './api';
import { CreateBillingButton } from './CreateBillingButton';
import { FeeSettingsButton } from './FeeSettingsModal';
import { InvoiceFilterBar } from './InvoiceFilters';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { PaidButton } from './PaidButton';
import { InvoiceTotalsBlock, PrintableInvoice } from './PrintableInvoice';

/**
 * /invoice/{company_id}[/{billing_id}]: a company's invoice lines with filters, server paging and grand
 * totals. Administrators edit unbilled lines, set fees, bill, print and export; a firm's staff read
 * their own invoice. With a billing id the screen shows that billing, its PDF and its paid state.
 */
const PRINT_LINES = 500;
const DEFAULT_PAGE_SIZE = 50;

export default function InvoiceScreen({ params }: ScreenProps) {
  const companyId = idParam(params[0]);
  const billingId = params[1] ? idParam(params[1]) : undefined;
  if (companyId === null || billingId === null) {
    return <Alert color="red">This invoice address is not valid.</Alert>;
  }
  return <Invoice key={`${companyId}-${billingId ?? ''}`} companyId={companyId} billingId={billingId} />;
}

function Invoice({ companyId, billingId }: { companyId: number; billingId?: number }) {
  const { user } = useAuth();
  const [filters, setFilters] = useState<InvoiceFilters>(billingId ? { billing: String(billingId) } : {});
  const paging = usePaging(COMPANY_PAGE_SIZES, DEFAULT_PAGE_SIZE);
  const { page, pageSize } = paging;
  const [printing, setPrinting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const lines = useQuery({
    queryKey: billingKeys.invoice(companyId, filters, page, pageSize),
    queryFn: ({ signal }) => pageInvoice(companyId, filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const printable = useQuery({
    queryKey: billingKeys.invoice(companyId, filters, 1, PRINT_LINES),
    queryFn: ({ signal }) => pageInvoice(companyId, filters, 1, PRINT_LINES, signal),
    enabled: printing,
  });
  const billing = useQuery({
    queryKey: billingKeys.billing(billingId ?? 0),
    queryFn: ({ signal }) => getBilling(billingId!, signal),
    enabled: billingId !== undefined,
  });

  if (lines.isError && !lines.data) {
    return <Alert color="red">{lines.error.message}</Alert>;
  }
  if (!lines.data) return <Loading label="Loading the invoice" />;
  const { company, can_edit: canEdit, totals } = lines.data;
  const heading = billing.data ? billing.data.title : 'All lines';

  if (printing) {
    if (!printable.data) return <Loading label="Preparing the printable invoice" />;
    return (
      <PrintableInvoice
        companyName={company.name}
        heading={heading}
        lines={printable.data.results}
        totals={printable.data.totals}
        truncated={printable.data.count > printable.data.results.length}
        onBack={() => setPrinting(false)}
      />
    );
  }

  const exportCsv = () => {
    setExportError(null);
    downloadInvoiceCsv(companyId, filters).catch((error: Error) => setExportError(error.message));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          {user?.is_internal && (
            <Anchor component={Link} to={billingId ? '/billings/' : '/invoices/'} size="sm">
              {billingId ? '← All billings' : '← All invoices'}
            </Anchor>
          )}
          <Title order={1}>Invoice: {company.name}</Title>
          <Text c="dimmed">
            {billingId ? 'The lines of one billing.' : 'Every request of the firm with its fee and costs.'}
          </Text>
        </div>
        <Group gap="xs">
          {canEdit && <FeeSettingsButton />}
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => setPrinting(true)}>
            Print
          </Button>
          {canEdit && (
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
              Download CSV
            </Button>
          )}
          {canEdit && !billingId && <CreateBillingButton companyId={company.id} companyName={company.name} />}
        </Group>
      </Group>
      {exportError && <Alert color="red">{exportError}</Alert>}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {[
          ['Lines', String(totals.lines)],
          ['Fees', formatMoney(totals.price)],
          [
            'Costs and surcharges',
            formatMoney(
              addCents(
                ...[totals.provider_cost, totals.page_fee, totals.auto_added_surcharge].map(parseAmount),
              ),
            ),
          ],
          ['Total', formatMoney(totals.total)],
        ].map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {billing.data && (
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={700} size="lg">
                  {billing.data.title}
                </Text>
                <Badge color={billing.data.is_paid ? 'green' : 'orange'} variant="light" tt="none">
                  {billing.data.is_paid ? `Paid ${formatDate(billing.data.paid_at)}` : 'Not Paid'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Billed {formatDate(billing.data.created_at)} · {billing.data.lines} lines ·{' '}
                {formatMoney(billing.data.total)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconFileTypePdf size={16} />}
                onClick={() =>
                  downloadBillingPdf(billing.data.id).catch((error: Error) => setExportError(error.message))
                }
              >
                Download PDF
              </Button>
              {canEdit && <PaidButton billing={billing.data} />}
            </Group>
          </Group>
        </Paper>
      )}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <InvoiceFilterBar
            companyId={company.id}
            value={filters}
            billingLocked={billingId !== undefined}
            onChange={(next) => {
              setFilters(next);
              paging.reset();
            }}
          />
          <InvoiceLinesTable
            lines={lines.data.results}
            loading={lines.isFetching && !lines.data}
            canEdit={canEdit}
            paging={paging.tableProps(lines.data.count)}
          />
          <InvoiceTotalsBlock totals={totals} />
        </Stack>
      </Paper>
    </Stack>
  );
}
