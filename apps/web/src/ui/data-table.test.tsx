import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { DataTable, type DataTableColumn, nextSort, type TableSort } from './data-table';

interface Row {
  id: number;
  patient: string;
  status: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'patient', title: 'Patient', sortKey: 'patient__full_name' },
  { key: 'status', title: 'Status', render: (row) => <strong>{row.status.toUpperCase()}</strong> },
];
const rows: Row[] = [
  { id: 1, patient: 'Ann Lee', status: 'open' },
  { id: 2, patient: 'Bo Diaz', status: 'closed' },
];

function Sortable({ onSortChange }: { onSortChange: (sort: TableSort) => void }) {
  const [sort, setSort] = useState<TableSort | null>(null);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSortChange(next);
      }}
    />
  );
}

describe('DataTable', () => {
  it('renders rows with plain and custom cells', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    const body = screen.getAllByRole('rowgroup')[1];
    const cells = within(body)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['Ann Lee', 'OPEN'],
      ['Bo Diaz', 'CLOSED'],
    ]);
  });

  it('sorting cycles ascending then descending, with aria-sort and an arrow', async () => {
    const onSortChange = vi.fn();
    renderWithProviders(<Sortable onSortChange={onSortChange} />);
    const header = screen.getByRole('columnheader', { name: /Patient/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'patient__full_name', direction: 'asc' });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('nextSort starts ascending on a new column', () => {
    expect(nextSort({ key: 'status', direction: 'desc' }, 'created_at')).toEqual({
      key: 'created_at',
      direction: 'asc',
    });
    expect(nextSort(null, 'status')).toEqual({ key: 'status', direction: 'asc' });
  });

  it('shows the loading image, then the empty text', () => {
    const { rerender } = renderWithProviders(
      <DataTable columns={columns} rows={undefined} objectName="Request" />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} objectName="Request" />);
    expect(screen.getByText('No Requests Found')).toBeInTheDocument();
  });

  it('stops the loading image when a query failed, without claiming the list is empty', () => {
    const { rerender } = renderWithProviders(
      <DataTable columns={columns} rows={undefined} loading objectName="Billing" />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={undefined} loading={false} objectName="Billing" />);
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.queryByText('No Billings Found')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument();
  });

  it('pages on the server with a page size choice', async () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        page={2}
        pageSize={10}
        total={53}
        onPageChange={onPageChange}
        pageSizes={[10, 20, 30, 40, 50, 100]}
        onPageSizeChange={onPageSizeChange}
        pagesShown={5}
        margin={2}
      />,
    );
    expect(screen.getByText('Showing 11–20 of 53')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange).toHaveBeenCalledWith(6);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('calls onRowClick', async () => {
    const onRowClick = vi.fn();
    renderWithProviders(<DataTable columns={columns} rows={rows} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Bo Diaz'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });
});

describe('DataTable at phone width', () => {
  it('shows each row as a card with every column, and sorts with a Sort by choice', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const onSortChange = vi.fn();
    renderWithProviders(<Sortable onSortChange={onSortChange} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByText('Status')).toBeInTheDocument();
    expect(within(cards[1]).getByText('CLOSED')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Bo Diaz')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Patient (descending)' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'patient__full_name', direction: 'desc' });
    phone.mockRestore();
  });
});
