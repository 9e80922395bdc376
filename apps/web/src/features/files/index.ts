/** Public API of the files feature: download buttons, the request file table and the upload box. */
export {
  attachFile,
  type DownloadableFile,
  downloadAll,
  downloadClientZip,
  downloadFile,
  triggerDownload,
  updateFile,
  uploadToRequest,
} from './api';
export {
  DownloadAllButton,
  type DownloadAllButtonProps,
  DownloadZipButton,
  type DownloadZipButtonProps,
} from './DownloadButtons';
export { FileDownloadButton, type FileDownloadButtonProps, FirmView } from './FileDownloadButton';
export { RequestFiles, type RequestFilesProps } from './RequestFiles';
export { RequestFileUpload, type RequestFileUploadProps } from './RequestFileUpload';
