import { INVITE_GRID_ROWS, parseInviteRows } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { managedUser } from '../../test';
import {
  emptyRow,
  gridToRows,
  isMultiCellPaste,
  parseClipboard,
  pasteInto,
  previewSave,
  rowsWithErrors,
  setCell,
  usersToGrid,
} from './invite-grid';

describe('invite grid rules (spec section 5)', () => {
  it('skips rows without an e-mail; only TRUE means admin; only FALSE means inactive', () => {
    const { users, errors } = parseInviteRows([
      { first_name: 'No', last_name: 'Email', email: '   ', admin_access: 'TRUE' },
      { email: 'a@firm.test', admin_access: 'true', active: '' },
      { email: ' B@Firm.test ', admin_access: 'yes', active: 'false' },
      { email: 'c@firm.test', admin_access: ' TRUE ', active: 'no' },
      { email: 'd@firm.test', admin_access: 'FALSE', active: 'FALSE ' },
      {},
    ]);
    expect(errors).toEqual([]);
    expect(users.map((u) => [u.row, u.email, u.is_staff, u.is_active])).toEqual([
      [2, 'a@firm.test', true, true],
      [3, 'b@firm.test', false, false],
      [4, 'c@firm.test', true, true],
      [5, 'd@firm.test', false, false],
    ]);
    expect(users[1].typed_email).toBe('B@Firm.test');
  });

  it('reports invalid and repeated e-mails by row', () => {
    const { errors } = parseInviteRows([{ email: 'x@y.test' }, { email: 'nope' }, { email: 'X@Y.test' }]);
    expect(errors).toEqual([
      'Row 2: nope is not a valid email address.',
      'Row 3: X@Y.test is already used in another row.',
    ]);
  });
});

describe('invite grid data', () => {
  it("fills the company's users as TRUE/FALSE rows, padded to 300", () => {
    const grid = usersToGrid([
      managedUser(1, { is_staff: true, phone_number: '303' }),
      managedUser(2, { is_active: false }),
    ]);
    expect(grid).toHaveLength(INVITE_GRID_ROWS);
    expect(grid[0]).toEqual(['First1', 'Last1', 'user1@firm.test', '303', 'TRUE', 'TRUE']);
    expect(grid[1]).toEqual(['First2', 'Last2', 'user2@firm.test', '', 'FALSE', 'FALSE']);
    expect(grid[2]).toEqual(emptyRow());
  });

  it('sends rows up to the last filled one, so row numbers match the grid', () => {
    let grid = usersToGrid([]);
    grid = setCell(grid, 3, 2, 'late@firm.test');
    const rows = gridToRows(grid);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual({
      first_name: '',
      last_name: '',
      email: 'late@firm.test',
      phone_number: '',
      admin_access: '',
      active: '',
    });
  });

  it('parses spreadsheet clipboard text and pastes it from the focused cell, never past the 300 rows', () => {
    const text = 'Ann\tSmith\tann@firm.test\t303-555\tTRUE\r\n"Bob, Jr"\tJones\tbob@firm.test\r\n';
    expect(isMultiCellPaste(text)).toBe(true);
    expect(isMultiCellPaste('just text\n')).toBe(false);
    const block = parseClipboard(text);
    expect(block).toEqual([
      ['Ann', 'Smith', 'ann@firm.test', '303-555', 'TRUE'],
      ['Bob, Jr', 'Jones', 'bob@firm.test'],
    ]);
    const grid = pasteInto(usersToGrid([]), 298, 0, block);
    expect(grid).toHaveLength(300);
    expect(grid[298]).toEqual(['Ann', 'Smith', 'ann@firm.test', '303-555', 'TRUE', '']);
    expect(grid[299][0]).toBe('Bob, Jr');
    const cut = pasteInto(usersToGrid([]), 299, 0, block);
    expect(cut).toHaveLength(300);
    expect(cut[299][0]).toBe('Ann');
    const shifted = pasteInto(usersToGrid([]), 0, 4, [['TRUE', 'FALSE', 'ignored']]);
    expect(shifted[0]).toEqual(['', '', '', '', 'TRUE', 'FALSE']);
  });

  it('previews who would be removed (never the caller) and flags the rows errors name', () => {
    const users = [managedUser(1), managedUser(2), managedUser(3)];
    let grid = usersToGrid(users);
    grid = setCell(grid, 1, 2, '');
    grid = setCell(grid, 0, 2, '');
    grid = setCell(grid, 5, 2, 'new@firm.test');
    const preview = previewSave(grid, users, 1);
    expect(preview.removed.map((u) => u.id)).toEqual([2]);
    expect(preview).toMatchObject({ count: 2, added: 1, errors: [] });
    const flagged = rowsWithErrors(grid, [
      'Row 7: x is not a valid email address.',
      'new@firm.test already exists at another law firm.',
    ]);
    expect([...flagged].sort()).toEqual([5, 6]);
  });
});
