import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test';
import { Accordion } from './accordion';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { List } from './list';
import { Loading } from './loading';
import { isActivePath, NavItem } from './nav-item';
import { PageSizeSelect } from './page-size-select';

describe('Card', () => {
  it('shows a titled section with actions', () => {
    renderWithProviders(
      <Card title="Patient" actions={<button type="button">Edit</button>}>
        <p>Ann Lee</p>
      </Card>,
    );
    expect(screen.getByRole('heading', { name: 'Patient', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });
});

describe('Accordion', () => {
  it('opens a section when its title is clicked', async () => {
    renderWithProviders(
      <Accordion
        sections={[
          { value: 'notes', title: 'Notes', content: 'Called the provider.' },
          { value: 'files', title: 'Files', content: 'records.pdf' },
        ]}
      />,
    );
    const control = screen.getByRole('button', { name: 'Notes' });
    expect(control).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Called the provider.')).toBeVisible();
  });
});

describe('NavItem', () => {
  it('is active when its href equals the current path', () => {
    renderWithProviders(
      <nav>
        <NavItem href="/dashboard/" currentPath="/dashboard/">
          Dashboard
        </NavItem>
        <NavItem href="/clients/" currentPath="/dashboard/">
          Clients
        </NavItem>
      </nav>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Clients' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients/');
  });

  it('follows the router location inside a router', () => {
    renderWithProviders(
      <>
        <NavItem href="/providers/">Providers</NavItem>
        <NavItem href="/dashboard/">Dashboard</NavItem>
      </>,
      { path: '/providers/' },
    );
    expect(screen.getByRole('link', { name: 'Providers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('isActivePath ignores a trailing slash', () => {
    expect(isActivePath('/dashboard/', '/dashboard')).toBe(true);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/request/1/', '/request/12/')).toBe(false);
  });
});

describe('Loading and EmptyState', () => {
  it('Loading is announced as Loading and is 100px wide', () => {
    renderWithProviders(<Loading />);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.firstElementChild).toHaveStyle({ '--loader-size': '100px' });
  });

  it('EmptyState says No {object}s Found or custom text', () => {
    const { rerender } = renderWithProviders(<EmptyState objectName="Client" />);
    expect(screen.getByText('No Clients Found')).toBeInTheDocument();
    rerender(<EmptyState text="Nothing to do today" />);
    expect(screen.getByText('Nothing to do today')).toBeInTheDocument();
  });
});

describe('List', () => {
  it('shows Loading until data arrives, then items, or the empty text', () => {
    const renderItem = (item: { id: number; name: string }) => <span>{item.name}</span>;
    const { rerender } = renderWithProviders(
      <List items={undefined} objectName="Provider" renderItem={renderItem} />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(
      <List items={[{ id: 1, name: 'Mercy Hospital' }]} objectName="Provider" renderItem={renderItem} />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Mercy Hospital');
    rerender(<List items={[]} objectName="Provider" renderItem={renderItem} />);
    expect(screen.getByText('No Providers Found')).toBeInTheDocument();
    rerender(<List items={[]} emptyText="No notes yet" renderItem={renderItem} />);
    expect(screen.getByText('No notes yet')).toBeInTheDocument();
  });
});

describe('PageSizeSelect', () => {
  it('offers the dashboard sizes by default', async () => {
    let chosen = 0;
    renderWithProviders(<PageSizeSelect value={10} onChange={(n) => (chosen = n)} />);
    const select = screen.getByLabelText('Rows per page');
    expect(Array.from(select.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
      '100',
    ]);
    await userEvent.selectOptions(select, '30');
    expect(chosen).toBe(30);
  });
});
