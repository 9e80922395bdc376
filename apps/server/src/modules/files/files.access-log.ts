import { FILE_ACCESS_RELATIONS, type FileAccessEntry, type RequestDetail } from '@dd/shared';
import type { Auth } from '../../authz';
import { isInternalStaff } from '../../authz';
import { can } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { accessesOfFirmFiles } from './files.queries';

/**
 * Who opened which file: each file's uploads and downloads (file_accesses), newest first, added to an
 * already-authorised request detail when the caller names `files__file_accesses` and may see the log
 * (internal staff, or the request's own firm). A firm sees Direct Docs staff by name but not their
 * addresses (decision 040).
 */
export async function withFileAccessLog(
  db: DbOrTx,
  auth: Auth,
  detail: RequestDetail,
  related: ReadonlySet<string>,
): Promise<RequestDetail> {
  const asked = FILE_ACCESS_RELATIONS.some((name) => related.has(name));
  const firmId = detail.company_id;
  if (!asked || detail.files.length === 0 || !can(auth, 'file.seeAccessLog', { companyId: firmId })) {
    return detail;
  }
  const rows = await accessesOfFirmFiles(
    db,
    firmId,
    detail.files.map((f) => f.id),
  );

  const withUsers = related.has('files__file_accesses__user');
  const byFile = new Map<number, FileAccessEntry[]>();
  for (const row of rows) {
    const directDocs = row.userCompanyId !== null && row.userCompanyId !== firmId;
    const entry: FileAccessEntry = {
      id: Number(row.id),
      action: row.action,
      ip: directDocs && !isInternalStaff(auth) ? null : row.ip,
      user:
        row.userId === null
          ? null
          : withUsers
            ? { id: row.userId, full_name: row.fullName ?? '', direct_docs: directDocs }
            : row.userId,
      created_at: new Date(row.createdAt).toISOString(),
    };
    const list = byFile.get(row.fileId ?? 0) ?? [];
    list.push(entry);
    byFile.set(row.fileId ?? 0, list);
  }
  return { ...detail, files: detail.files.map((f) => ({ ...f, file_accesses: byFile.get(f.id) ?? [] })) };
}
