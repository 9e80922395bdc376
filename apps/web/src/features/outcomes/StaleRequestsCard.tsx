/**
 * The firm's requests the provider has not answered past the firm's limit (decision 058), on its
 * dashboard: each links to the request, where the firm cancels it or keeps waiting. Hidden when none.
 */
import { formatDate } from '@dd/shared';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Card } from '../../ui';
import { useStaleRequests } from './api';

export function StaleRequestsCard() {
  const stale = useStaleRequests();
  const list = stale.data?.results ?? [];
  if (!list.length) return null;
  return (
    <Card title={`No Provider Response (${list.length})`}>
      <Text size="sm" c="dimmed">
        These requests have had no response from the provider for more than{' '}
        {stale.data?.stale_after_business_days} business days. Open one to cancel it or keep waiting.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Request</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Business days waiting</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/request/${r.id}/`}>
                    #{r.internal_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.client}</Table.Td>
                <Table.Td>{r.provider}</Table.Td>
                <Table.Td>{formatDate(r.sent_on)}</Table.Td>
                <Table.Td>{r.waiting_business_days}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
