import { ASSIGNMENT_CARDS, type AssignmentRow, CARDS } from '@dd/shared';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../ui';
import { getAssignments, staffReportKeys } from './api';

/** Who holds what: each staff member's open requests by card, and the ones nobody has claimed. */
const employeePath = (row: AssignmentRow) => `/report/employee/${row.id ?? 'unassigned'}/`;

export function AssignmentTable() {
  const result = useQuery({
    queryKey: staffReportKeys.assignments(),
    queryFn: ({ signal }) => getAssignments(signal),
  });
  return (
    <>
      {result.isError && (
        <Text c="red" role="alert">
          {result.error.message}
        </Text>
      )}
      <DataTable<AssignmentRow>
        objectName="Employee"
        rows={result.data?.results}
        loading={result.isPending}
        rowKey={(r) => r.id ?? 'unassigned'}
        minWidth={900}
        columns={[
          {
            key: 'name',
            title: 'Employee',
            render: (r) => (
              <Anchor component={Link} to={employeePath(r)} fw={600} size="sm">
                {r.name}
              </Anchor>
            ),
          },
          ...ASSIGNMENT_CARDS.map((key) => ({
            key,
            title: CARDS[key].label,
            align: 'right' as const,
            render: (r: AssignmentRow) =>
              r.cards[key] ? (
                <Anchor
                  component={Link}
                  to={`${employeePath(r)}?card=${key}`}
                  size="sm"
                  aria-label={`${CARDS[key].label}: ${r.name}`}
                >
                  {r.cards[key]}
                </Anchor>
              ) : (
                <Text span size="sm" c="dimmed">
                  0
                </Text>
              ),
          })),
        ]}
      />
    </>
  );
}
