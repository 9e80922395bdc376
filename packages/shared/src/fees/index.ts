export * from './approval';
export * from './check';
export * from './dispute';
export * from './rules';
export * from './verdict';
