export * from './categories';
export * from './elements';
export * from './validate';
