export * from './approval';
export * from './check';
export * from './dispute';
export * from './prepayment';
export * from './rules';
export * from './verdict';
