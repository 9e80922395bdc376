/** Requests: submit and edit, the law-firm request detail and the printable request letter. */

export { EditRequestScreen } from './EditRequestScreen';
export { MedicalRequestScreen } from './MedicalRequestScreen';
export { RequestDetailScreen } from './RequestDetailScreen';
