export * from './calendar';
export * from './clock';
export * from './due-date';
export * from './follow-ups';
export * from './rules';
export * from './states';
