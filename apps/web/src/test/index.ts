/** The one web test kit (docs/CONVENTIONS.md §14): renderer, fetch stub and factories; features keep no copies. */
export * from './api-stub';
export * from './factories';
export * from './picker-api';
export * from './render';
