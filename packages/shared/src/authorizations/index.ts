export * from './categories';
export * from './checklist';
export * from './elements';
export * from './pre-answer';
export * from './validate';
