import { z } from 'zod';
import { UPLOAD_BUCKETS } from './constants';
import { IdSchema } from './ids';

/** Request files: the shape every screen reads, the file calls' bodies, and the upload messages. */
export const MAX_FILES_PER_UPLOAD = 10;

export const FILE_MSG = {
  wrongType: 'This file type is not accepted. Upload a PDF, an image or a Word document.',
  noFiles: 'Choose at least one file to upload.',
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`,
  notMultipart: 'Send the files as multipart/form-data.',
  unknownBucket: `bucket_name must be one of: ${UPLOAD_BUCKETS.join(', ')}.`,
  notYourUpload: 'That file was not uploaded by you. Upload it again, then attach it.',
  /** A form link (HIPAA consent, intake, provider request form) that is neither stored nor the caller's upload. */
  foreignFormLink: 'Upload the file again; this link is not one of your uploads.',
  uploadMissing: 'That upload could not be found. Upload the file again.',
  recordsBucket: 'Medical records must be uploaded to the provider-records bucket.',
  verifyAsYourself: 'You can only verify a file as yourself.',
  verifiedBySomeoneElse:
    'Only the person who verified this file or Direct Docs staff can change its verification.',
  nothingToChange: 'Send verified_by or archived.',
  linkExpired: 'This download link is invalid or has expired. Go back and click Download again.',
  noFilesForClient: 'There are no records to download for this client yet.',
  downloaded: 'Downloaded',
  uploadTooSlow: 'The upload was too slow and has been stopped. Check your connection and try again.',
} as const;

export const uploadTooLargeMessage = (maxMb: number) => `This file is too large. The limit is ${maxMb} MB.`;

/** What the caller may do with the file (decided by the server's policy module). */
export const FileAbilitiesSchema = z.object({
  /** Verify or unverify: someone else's verification is changed only by internal staff. */
  can_change_verification: z.boolean(),
  /** Remove from the request and restore. */
  can_archive: z.boolean(),
});
export type FileAbilities = z.infer<typeof FileAbilitiesSchema>;

/**
 * One upload or download of a file (the spec's File access), newest first, on the request detail with
 * `related=files__file_accesses`; `files__file_accesses__user` names the user instead of giving the id.
 * Internal staff and the request's own firm see it (decision 040).
 */
export const FileAccessEntrySchema = z.object({
  id: z.number(),
  action: z.enum(['DOWNLOAD', 'UPLOAD']),
  /** The address the transfer came from; null when unknown, or a Direct Docs address shown to a law firm. */
  ip: z.string().nullable(),
  user: z
    .union([
      z.number(),
      z.object({
        id: z.number(),
        full_name: z.string(),
        /** The user works for Direct Docs (the retrieval staff), not for the law firm. */
        direct_docs: z.boolean(),
      }),
    ])
    .nullable(),
  created_at: z.string(),
});
export type FileAccessEntry = z.infer<typeof FileAccessEntrySchema>;

/** The detail's `related` names that add the download history to each file. */
export const FILE_ACCESS_RELATIONS = ['files__file_accesses', 'files__file_accesses__user'] as const;

export const RequestFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Storage key; exchange it for a download link with POST /getFileUrl/. */
  url: z.string(),
  request: z.number().int(),
  supporting_file: z.boolean(),
  archived: z.boolean(),
  verified_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  /** A user of the request's law firm has downloaded this file (internal staff downloads do not count). */
  downloaded: z.boolean(),
  content_type: z.string().nullable(),
  size_bytes: z.number().nullable(),
  /** Hex SHA-256 of the file as received (chain of custody); null until the background backfill reaches it. */
  sha256: z.string().nullable(),
  /** An earlier file of the same request with the same bytes: staff are shown it as a duplicate. */
  duplicate_of: z.number().int().nullable(),
  /** The Bates numbers stamped on its first and last page once delivered (e.g. 'DOE0000001'). */
  bates_start: z.string().nullable(),
  bates_end: z.string().nullable(),
  abilities: FileAbilitiesSchema,
  /** Only with `related=files__file_accesses` and only for those who may see the history. */
  file_accesses: z.array(FileAccessEntrySchema).optional(),
});
export type RequestFile = z.infer<typeof RequestFileSchema>;

const id = IdSchema;

export const UploadFieldsSchema = z.object({
  name: z.string().trim().max(255).optional(),
  bucket_name: z.enum(UPLOAD_BUCKETS, { error: FILE_MSG.unknownBucket }),
});

export const UploadedFileSchema = z.object({
  url: z.string(),
  filename: z.string(),
  order: z.number().int(),
  /** Hex SHA-256 of the bytes received, taken while they streamed in. */
  sha256: z.string(),
});
export const UploadResponseSchema = z.object({ uploaded_files: z.array(UploadedFileSchema) });

export const CreateFileSchema = z.object({
  name: z.string().trim().min(1, 'name is required.').max(255),
  url: z.string().min(1).max(1024),
  request: id,
  supporting_file: z.boolean().default(true),
});
export type CreateFileInput = z.infer<typeof CreateFileSchema>;

export const UpdateFileSchema = z
  .object({ verified_by: id.nullable().optional(), archived: z.boolean().optional() })
  .refine((v) => v.verified_by !== undefined || v.archived !== undefined, FILE_MSG.nothingToChange);
export type UpdateFileInput = z.infer<typeof UpdateFileSchema>;

/**
 * POST /api/home/fileaccess/ (spec) answers but records nothing: the file-access log holds only the
 * transfers the server performed itself (a client could write fake UPLOAD/DOWNLOAD rows).
 */
export const FILE_ACCESS_NOT_RECORDED = 'File access is recorded by the server when a file is transferred.';
export const FileAccessResultSchema = z.object({ recorded: z.literal(false), detail: z.string() });

export const FileAccessSchema = z.object({
  action: z.enum(['DOWNLOAD', 'UPLOAD']),
  file: id,
  ip: z.string().max(100).optional(),
  user: id.nullable().optional(),
});

export const FileUrlRequestSchema = z.object({
  url: z.string().min(1).max(1024),
  /** The files row the url belongs to, when the caller knows it (a faster lookup than by url). */
  file: id.optional(),
});
export const FileUrlResponseSchema = z.object({ url: z.string() });
export const DownloadZipSchema = z.object({ client: id });
