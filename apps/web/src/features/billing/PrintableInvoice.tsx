import { formatDate, formatMoney, type InvoiceLine, type InvoiceTotals } from '@dd/shared';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import classes from './billing.module.css';
import { ProviderCost } from './InvoiceLinesTable';

/** Print mode: the filtered lines as a clean invoice sheet, without navigation, filters or inputs. */
export function PrintableInvoice({
  companyName,
  heading,
  lines,
  totals,
  truncated,
  onBack,
}: {
  companyName: string;
  heading: string;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  truncated: boolean;
  onBack: () => void;
}) {
  return (
    <div>
      <Group justify="space-between" mb="md" className={classes.noPrint}>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back to the invoice
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <article className={classes.sheet}>
        <Group justify="space-between" align="flex-start" mb="lg">
          <div>
            <Text fw={800} size="xl" c="brand.8">
              Direct Docs
            </Text>
            <Text size="sm" c="dimmed">
              Medical records retrieval
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Title order={1} size="h2">
              Invoice
            </Title>
            <Text size="sm">{heading}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(new Date())}
            </Text>
          </div>
        </Group>
        <Text size="sm" c="dimmed">
          Billed to
        </Text>
        <Text fw={700} mb="md">
          {companyName}
        </Text>
        {truncated && (
          <Text size="sm" c="orange.9" mb="sm" className={classes.noPrint}>
            Only the first {lines.length} lines are shown here; download the CSV for every line.
          </Text>
        )}
        <Table withTableBorder withColumnBorders={false} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Request</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Fee</Table.Th>
              <Table.Th ta="right">Provider Cost</Table.Th>
              <Table.Th ta="right">Page Fee</Table.Th>
              <Table.Th ta="right">Surcharge</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id ?? `r${l.request.id}`}>
                <Table.Td>{l.request.internal_number ?? l.request.id}</Table.Td>
                <Table.Td>{formatDate(l.request.created_at)}</Table.Td>
                <Table.Td>{l.request.client}</Table.Td>
                <Table.Td>{l.request.provider}</Table.Td>
                <Table.Td>
                  {l.request.status}
                  {l.request.rush ? ' (rush)' : ''}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.price)}</Table.Td>
                <Table.Td ta="right">
                  <ProviderCost line={l} />
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.page_fee)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.auto_added_surcharge)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <InvoiceTotalsBlock totals={totals} />
      </article>
    </div>
  );
}

/** The grand totals of the filtered lines. */
export function InvoiceTotalsBlock({ totals }: { totals: InvoiceTotals }) {
  const rows: [string, string][] = [
    ['Fees', totals.price],
    ['Provider costs', totals.provider_cost],
    ['Page fees', totals.page_fee],
    ['Surcharges', totals.auto_added_surcharge],
  ];
  return (
    <dl className={classes.totals} aria-label="Invoice totals">
      <dt>Lines</dt>
      <dd>{totals.lines}</dd>
      {rows.map(([label, amount]) => (
        <div key={label} className={classes.totalRow}>
          <dt>{label}</dt>
          <dd>{formatMoney(amount)}</dd>
        </div>
      ))}
      <div className={classes.grandTotal}>
        <dt>Total</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
