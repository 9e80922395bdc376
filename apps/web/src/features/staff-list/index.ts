/** Staff list screens: the to-do / all-requests list, split, request types and note templates admin. */
export { DeadlineEscalationPanel } from './DeadlineEscalation';
export { NoteTemplatesScreen } from './NoteTemplatesScreen';
export { RequestListScreen } from './RequestListScreen';
export { RequestTypesScreen } from './RequestTypesScreen';
export { SplitRequestScreen } from './SplitRequestScreen';
export { TodoCounts } from './TodoCounts';
export { WorkingCell, type WorkingCellProps } from './WorkingCell';
