/** Data administration, model maker, API docs, data usage and the utility screens. */
export { default as AdminScreen } from './AdminScreen';
export { default as ApiDocsScreen } from './ApiDocsScreen';
export { default as AppListScreen } from './AppListScreen';
export { default as DiskUsageScreen } from './DiskUsageScreen';
export { default as InstanceScreen } from './InstanceScreen';
export { default as InstancesScreen } from './InstancesScreen';
export { default as LoggedInScreen } from './LoggedInScreen';
export { default as ModelMakerScreen } from './ModelMakerScreen';
export { default as ModelsScreen } from './ModelsScreen';
export { default as TestScreen } from './TestScreen';
