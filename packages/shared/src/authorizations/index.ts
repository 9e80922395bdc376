export * from './categories';
export * from './checklist';
export * from './elements';
export * from './validate';
