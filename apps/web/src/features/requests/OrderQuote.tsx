/**
 * What the order will be billed: the price per provider, which a request completed with its documents
 * bills, and what every other outcome bills. The amounts come from the server's one pricing rule, so the
 * order screen, the invoice and the billing never disagree.
 */
import { formatMoney } from '@dd/shared';
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import { useFormContext } from '../../ui';
import { useOrderQuote } from './api';

export function OrderQuote({ companyId }: { companyId: number }) {
  const form = useFormContext();
  const rush = Boolean(form?.values.rush);
  const types = (form?.values.request_type as string[] | undefined) ?? [];
  const quote = useOrderQuote(companyId, rush, types);
  if (quote.isError) {
    return <Text c="red">The price could not be loaded; it is shown on the request once ordered.</Text>;
  }
  if (!quote.data) return <Loader size="sm" aria-label="Loading the price" />;
  const others = quote.data.outcomes.filter((o) => !o.quoted);
  return (
    <Alert variant="light" color="blue" title="What this order is billed" aria-live="polite">
      <Group gap="xs" mb="xs">
        <Text fw={600}>{formatMoney(quote.data.price)} per provider</Text>
        <Text size="sm" c="dimmed">
          when the documents arrive{rush ? ' (rush included)' : ''}
        </Text>
      </Group>
      <Text size="sm">If the request ends otherwise, it is billed:</Text>
      <List size="sm" spacing={2}>
        {others.map((o) => (
          <List.Item key={o.status}>
            {o.status}: {formatMoney(o.fee)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
