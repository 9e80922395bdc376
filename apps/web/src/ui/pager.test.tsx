import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { Pager } from './pager';
import { pagerItems } from './pager-items';

const show = (...args: Parameters<typeof pagerItems>) =>
  pagerItems(...args)
    .map((item) => (item.type === 'gap' ? '…' : item.page))
    .join(' ');

describe('pagerItems', () => {
  it('lists every page when they all fit', () => {
    expect(show(1, 4, 5, 2)).toBe('1 2 3 4');
    expect(show(1, 1, 10, 3)).toBe('1');
    expect(show(1, 0, 10, 3)).toBe('');
  });

  it('dashboard pager (5 pages, 2 margin) at the start, middle and end', () => {
    expect(show(1, 20, 5, 2)).toBe('1 2 3 4 5 … 19 20');
    expect(show(10, 20, 5, 2)).toBe('1 2 … 8 9 10 11 12 … 19 20');
    expect(show(20, 20, 5, 2)).toBe('1 2 … 16 17 18 19 20');
  });

  it('shows the page instead of a gap that would hide only one page', () => {
    expect(show(6, 20, 5, 2)).toBe('1 2 3 4 5 6 7 8 … 19 20');
  });

  it('standard pager (10 pages, 3 margin)', () => {
    expect(show(25, 50, 10, 3)).toBe('1 2 3 … 20 21 22 23 24 25 26 27 28 29 30 … 48 49 50');
    expect(show(1, 50, 10, 3)).toBe('1 2 3 4 5 6 7 8 9 10 … 48 49 50');
  });

  it('clamps a page outside the range', () => {
    expect(show(99, 20, 5, 2)).toBe(show(20, 20, 5, 2));
  });
});

describe('Pager', () => {
  it('marks the current page and moves with numbers, Previous and Next', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pager page={10} pageCount={20} pagesShown={5} margin={2} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    expect(screen.getAllByText('…')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onChange).toHaveBeenLastCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(onChange).toHaveBeenLastCalledWith(9);
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onChange).toHaveBeenLastCalledWith(11);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = renderWithProviders(<Pager page={1} pageCount={3} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    rerender(<Pager page={3} pageCount={3} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('renders nothing for a single page', () => {
    renderWithProviders(<Pager page={1} pageCount={1} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
