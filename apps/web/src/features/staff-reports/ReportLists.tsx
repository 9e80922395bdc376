import type { CompanyListItem, ParalegalRow, ProviderReportRow } from '@dd/shared';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageFirms } from '../../api/choices';
import { type DataTableColumn, NamedList } from '../../ui';
import { pageParalegals, pageProviderReport, staffReportKeys } from './api';

/**
 * The report's pick lists: law firms with 'View', paralegals with 'View Open' and 'View Closed', and
 * the provider report.
 */
function LinkButtons({ links, name }: { links: { label: string; to: string }[]; name: string }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {links.map((l) => (
        <Button
          key={l.label}
          component={Link}
          to={l.to}
          size="compact-sm"
          variant="light"
          aria-label={`${l.label}: ${name}`}
        >
          {l.label}
        </Button>
      ))}
    </Group>
  );
}

const count = <T,>(title: string, key: string, value: (row: T) => ReactNode): DataTableColumn<T> => ({
  key,
  title,
  align: 'right',
  render: value,
});

export function FirmPicker() {
  return (
    <NamedList<CompanyListItem>
      objectName="Company"
      filterLabel="Law firm"
      queryKey={(name, page, size) => staffReportKeys.firms({ name, page, size })}
      load={pageFirms}
      columns={[
        { key: 'name', title: 'Law Firm', render: (c) => c.name },
        {
          key: 'view',
          title: 'Report',
          render: (c) => (
            <LinkButtons name={c.name} links={[{ label: 'View', to: `/report/firm/${c.id}/` }]} />
          ),
        },
      ]}
    />
  );
}

export function ParalegalPicker() {
  return (
    <NamedList<ParalegalRow>
      objectName="Paralegal"
      filterLabel="Paralegal"
      queryKey={(name, page, size) => staffReportKeys.paralegals({ name, page, size })}
      load={(name, page, size, signal) =>
        pageParalegals({ name: name || undefined, page, page_size: size }, signal)
      }
      columns={[
        { key: 'name', title: 'Paralegal', render: (p) => p.name },
        { key: 'law_firm', title: 'Law Firm', render: (p) => p.law_firm ?? '' },
        count('Open', 'open', (p: ParalegalRow) => p.open),
        count('Closed', 'closed', (p: ParalegalRow) => p.closed),
        {
          key: 'view',
          title: 'Report',
          render: (p) => (
            <LinkButtons
              name={p.name}
              links={[
                { label: 'View Open', to: `/report/paralegal/${p.id}/?card=open_requests` },
                { label: 'View Closed', to: `/report/paralegal/${p.id}/?card=closed_requests` },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

export function ProviderReportList() {
  return (
    <NamedList<ProviderReportRow>
      objectName="Provider"
      filterLabel="Provider"
      queryKey={(name, page, size) => staffReportKeys.providers({ name, page, size })}
      load={(name, page, size, signal) =>
        pageProviderReport({ name: name || undefined, page, page_size: size }, signal)
      }
      columns={[
        { key: 'provider_name', title: 'Provider', render: (p) => p.provider_name },
        count('Open', 'open', (p: ProviderReportRow) => p.open),
        count('Closed', 'closed', (p: ProviderReportRow) => p.closed),
        count(
          'Average Turnaround',
          'average_turnaround',
          (p: ProviderReportRow) => `${p.average_turnaround.toFixed(2)} days`,
        ),
        {
          key: 'view',
          title: 'Report',
          render: (p) => (
            <LinkButtons
              name={p.provider_name}
              links={[{ label: 'View', to: `/report/provider/${p.id}/` }]}
            />
          ),
        },
      ]}
    />
  );
}
