export * from './calendar';
export * from './clock';
export * from './due-date';
export * from './rules';
export * from './states';
export * from './follow-ups';
