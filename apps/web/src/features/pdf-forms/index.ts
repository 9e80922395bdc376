/** Public API of the PDF forms feature: its screens (app/screens.tsx) and the first-send view's filled forms. */
export { default as EditFormScreen } from './EditFormScreen';
export { FilledForms } from './FilledForms';
export { default as FormListScreen } from './FormListScreen';
