/** Public API of the files feature: download buttons, the request file table and the upload box. */
export { downloadAll } from './api';
export { DownloadZipButton, RecordsPackageButton } from './DownloadButtons';
export { FileDownloadButton, FirmView } from './FileDownloadButton';
export { RequestFiles } from './RequestFiles';
export { RequestFileUpload } from './RequestFileUpload';
