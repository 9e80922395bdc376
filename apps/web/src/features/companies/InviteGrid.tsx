import { INVITE_COLUMNS, INVITE_MAX_ROWS, isActiveCell, isAdminAccessCell, USER_MSG } from '@dd/shared';
import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, memo, useCallback, useRef } from 'react';
import {
  COLUMN_COUNT,
  emptyRow,
  type Grid,
  type GridRow,
  isMultiCellPaste,
  parseClipboard,
  pasteInto,
  setCell,
} from './invite-grid';
import classes from './invite-grid.module.css';

/**
 * The invite grid: one plain input per cell (light enough for 300 × 6), rows memoised so typing
 * re-renders one row. Arrow keys and Enter move between cells; pasting tab-separated rows from a
 * spreadsheet fills the grid from the focused cell; Admin Access and Active suggest TRUE/FALSE.
 */
export interface InviteGridProps {
  grid: Grid;
  /** Receives an updater, so quick edits never work on a stale grid. */
  onChange: (update: (grid: Grid) => Grid) => void;
  /** Row indexes (0-based) the last save complained about. */
  errorRows?: ReadonlySet<number>;
}

const FLAG_OPTIONS_ID = 'invite-grid-flags';
const ADMIN_COL = INVITE_COLUMNS.findIndex((c) => c.key === 'admin_access');
const ACTIVE_COL = INVITE_COLUMNS.findIndex((c) => c.key === 'active');

type CellHandler = (row: number, col: number) => void;
interface RowProps {
  index: number;
  cells: GridRow;
  error: boolean;
  onInput: (row: number, col: number, value: string) => void;
  onKey: (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>, row: number, col: number) => void;
  onClear: CellHandler;
}

function flagClass(col: number, value: string): string {
  if (col === ADMIN_COL && isAdminAccessCell(value)) return classes.yes;
  if (col === ACTIVE_COL && !isActiveCell(value)) return classes.no;
  return '';
}

const Row = memo(function Row({ index, cells, error, onInput, onKey, onPaste, onClear }: RowProps) {
  const n = index + 1;
  const filled = cells.some((c) => c.trim() !== '');
  return (
    <tr className={error ? classes.errorRow : undefined}>
      <td className={classes.rowHeader}>
        {filled && (
          <ActionIcon
            className={classes.clear}
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={`Clear row ${n}`}
            onClick={() => onClear(index, 0)}
          >
            <IconX size={12} />
          </ActionIcon>
        )}{' '}
        {n}
      </td>
      {INVITE_COLUMNS.map((column, col) => {
        const flag = col === ADMIN_COL || col === ACTIVE_COL;
        return (
          <td key={column.key} className={flagClass(col, cells[col]) || undefined}>
            <input
              className={classes.cell}
              data-cell={`${index}:${col}`}
              aria-label={`${column.title}, row ${n}`}
              value={cells[col]}
              list={flag ? FLAG_OPTIONS_ID : undefined}
              inputMode={column.key === 'email' ? 'email' : column.key === 'phone_number' ? 'tel' : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={254}
              onChange={(event) => onInput(index, col, event.currentTarget.value)}
              onKeyDown={(event) => onKey(event, index, col)}
              onPaste={(event) => onPaste(event, index, col)}
            />
          </td>
        );
      })}
    </tr>
  );
});

export function InviteGrid({ grid, onChange, errorRows }: InviteGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const rowCount = useRef(grid.length);
  rowCount.current = grid.length;

  const focusCell = useCallback((row: number, col: number) => {
    if (row < 0 || row >= rowCount.current || col < 0 || col >= COLUMN_COUNT) return false;
    const input = container.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  }, []);

  const onInput = useCallback(
    (row: number, col: number, value: string) => onChange((g) => setCell(g, row, col, value)),
    [onChange],
  );

  const onClear = useCallback<CellHandler>(
    (row) => {
      onChange((g) => {
        const next = g.slice();
        next[row] = emptyRow();
        return next;
      });
      // The button goes with the row's content: keyboard users continue in the row's first cell.
      setTimeout(() => focusCell(row, 0));
    },
    [onChange, focusCell],
  );

  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLInputElement>, row: number, col: number) => {
      const text = event.clipboardData.getData('text/plain');
      if (!isMultiCellPaste(text)) return;
      event.preventDefault();
      const block = parseClipboard(text);
      // The grid (and the server) stop at 300 rows: say so rather than drop pasted rows silently.
      if (row + block.length > INVITE_MAX_ROWS)
        notifications.show({ color: 'yellow', message: USER_MSG.tooManyRows });
      onChange((g) => pasteInto(g, row, col, block));
    },
    [onChange],
  );

  const onKey = useCallback(
    (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
      const input = event.currentTarget;
      const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
      const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
      let moved = false;
      if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey))
        moved = focusCell(row - 1, col);
      else if (event.key === 'ArrowDown' || event.key === 'Enter') moved = focusCell(row + 1, col);
      else if (event.key === 'ArrowLeft' && atStart) moved = focusCell(row, col - 1);
      else if (event.key === 'ArrowRight' && atEnd) moved = focusCell(row, col + 1);
      if (moved || event.key === 'Enter') event.preventDefault();
    },
    [focusCell],
  );

  return (
    <div ref={container} className={classes.scroller}>
      <datalist id={FLAG_OPTIONS_ID}>
        <option value="TRUE" />
        <option value="FALSE" />
      </datalist>
      <table className={classes.table} aria-label="Invite users">
        <colgroup>
          <col className={classes.rowHeaderCol} />
          {INVITE_COLUMNS.map((column) => (
            <col key={column.key} className={classes[`col_${column.key}`]} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th className={classes.rowHeader}>
              <VisuallyHidden>Row</VisuallyHidden>#
            </th>
            {INVITE_COLUMNS.map((column) => (
              <th key={column.key} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((cells, index) => (
            <Row
              // Rows are positions in a spreadsheet, not records: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              index={index}
              cells={cells}
              error={errorRows?.has(index) ?? false}
              onInput={onInput}
              onKey={onKey}
              onPaste={onPaste}
              onClear={onClear}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
