export * from './check';
export * from './rules';
