export * from './states';
export * from './text';
