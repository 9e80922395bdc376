/** The page builder: website pages, their versions, and the component types' defaults. */
export { default as ComponentScreen } from './ComponentScreen';
export { default as ComponentsScreen } from './ComponentsScreen';
export { default as PageBuilderScreen } from './PageBuilderScreen';
export { default as PagesScreen } from './PagesScreen';
