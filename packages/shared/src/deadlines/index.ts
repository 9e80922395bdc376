export * from './calendar';
export * from './due-date';
export * from './rules';
export * from './states';
