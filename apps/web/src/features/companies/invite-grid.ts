import {
  INVITE_COLUMNS,
  INVITE_GRID_ROWS,
  INVITE_MAX_ROWS,
  type InviteRow,
  type ManagedUser,
  parseInviteRows,
} from '@dd/shared';

/**
 * The invite grid's data: rows of six text cells (First Name, Last Name, Email, Phone Number, Admin
 * Access, Active), padded to 300 rows, filled from the company's users, pasted into from a spreadsheet,
 * and turned into the rows POST /api/user/invite/ reads. Pure functions, so the rules are tested alone.
 */
export const COLUMN_COUNT = INVITE_COLUMNS.length;
export type GridRow = readonly string[];
export type Grid = readonly GridRow[];

export const emptyRow = (): GridRow => Array.from({ length: COLUMN_COUNT }, () => '');
const isBlank = (row: GridRow) => row.every((cell) => cell.trim() === '');

function padGrid(rows: Grid, min: number = INVITE_GRID_ROWS): Grid {
  if (rows.length >= min) return rows;
  return [...rows, ...Array.from({ length: min - rows.length }, emptyRow)];
}

/** The company's users as grid rows (Admin Access and Active spelled TRUE/FALSE), padded. */
export function usersToGrid(users: readonly ManagedUser[]): Grid {
  return padGrid(
    users.map((u) => [
      u.first_name,
      u.last_name,
      u.email,
      u.phone_number ?? '',
      u.is_staff ? 'TRUE' : 'FALSE',
      u.is_active ? 'TRUE' : 'FALSE',
    ]),
  );
}

export function setCell(grid: Grid, row: number, col: number, value: string): Grid {
  const next = grid.slice();
  const cells = next[row].slice();
  cells[col] = value;
  next[row] = cells;
  return next;
}

/** Tab-separated text as a spreadsheet puts it on the clipboard: one line per row. */
export function parseClipboard(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) =>
    line.split('\t').map((cell) => {
      const quoted = /^"([\s\S]*)"$/.exec(cell);
      return (quoted ? quoted[1].replace(/""/g, '"') : cell).trim();
    }),
  );
}

/** Does this pasted text fill more than one cell? */
export const isMultiCellPaste = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));

/** Writes a pasted block with its top-left at (row, col); rows past the grid's INVITE_MAX_ROWS are dropped. */
export function pasteInto(grid: Grid, row: number, col: number, block: string[][]): Grid {
  const needed = Math.min(row + block.length, INVITE_MAX_ROWS);
  const next = padGrid(grid, needed).slice();
  block.forEach((values, i) => {
    const r = row + i;
    if (r >= needed) return;
    const cells = next[r].slice();
    values.forEach((value, j) => {
      if (col + j < COLUMN_COUNT) cells[col + j] = value;
    });
    next[r] = cells;
  });
  return next;
}

/** Rows up to the last filled one (so the server's row numbers are the grid's), as the call sends them. */
export function gridToRows(grid: Grid): InviteRow[] {
  let last = grid.length - 1;
  while (last >= 0 && isBlank(grid[last])) last -= 1;
  return grid
    .slice(0, last + 1)
    .map((cells) => Object.fromEntries(INVITE_COLUMNS.map((column, i) => [column.key, cells[i] ?? ''])));
}

/**
 * What a save would do, by the spec's rules, before it is sent: who is added, who is removed (deleted,
 * or deactivated when they have history), who the Active column deactivates, and whether any active
 * user with admin access is left.
 */
export function previewSave(grid: Grid, users: readonly ManagedUser[], selfId: number) {
  const { users: parsed, errors } = parseInviteRows(gridToRows(grid));
  const inGrid = new Map(parsed.map((u) => [u.email, u]));
  const known = new Set(users.map((u) => u.email.toLowerCase()));
  const hadAdmin = users.some((u) => u.is_active && u.is_staff);
  return {
    errors,
    count: parsed.length,
    added: parsed.filter((u) => !known.has(u.email)).length,
    removed: users.filter((u) => u.id !== selfId && !inGrid.has(u.email.toLowerCase())),
    // The caller cannot deactivate themselves: the server refuses that row, so it is not asked about.
    deactivated: users.filter(
      (u) => u.id !== selfId && u.is_active && inGrid.get(u.email.toLowerCase())?.is_active === false,
    ),
    noAdminLeft: hadAdmin && !parsed.some((u) => u.is_active && u.is_staff),
  };
}
export type SavePreview = ReturnType<typeof previewSave>;

/** The grid rows a server message is about: 'Row N: …', or the row holding the e-mail it names. */
export function rowsWithErrors(grid: Grid, errors: readonly string[]): Set<number> {
  const flagged = new Set<number>();
  const emailCol = INVITE_COLUMNS.findIndex((c) => c.key === 'email');
  for (const message of errors) {
    const numbered = /^Row (\d+):/.exec(message);
    if (numbered) {
      flagged.add(Number(numbered[1]) - 1);
      continue;
    }
    grid.forEach((cells, index) => {
      const email = cells[emailCol].trim();
      if (email && message.toLowerCase().startsWith(`${email.toLowerCase()} `)) flagged.add(index);
    });
  }
  return flagged;
}
