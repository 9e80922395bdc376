import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, type Storage, StorageNotFoundError } from './storage';

/**
 * Local-disk driver rooted at a folder (by default DATA_DIR/files). Writes go to a temporary
 * file beside the target and are renamed into place, so a failed upload never leaves a partial object.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  const pathOf = (key: string) => {
    const target = path.join(base, ...checkKey(key).split('/'));
    // checkKey already refuses '..'; this guards against anything the platform resolves differently.
    if (!target.startsWith(base + path.sep)) throw new StorageNotFoundError(key);
    return target;
  };

  const isMissing = (error: unknown) =>
    (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },

    async get(key) {
      const target = pathOf(key);
      let handle: FileHandle;
      try {
        handle = await open(target, 'r');
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new StorageNotFoundError(key);
      }
      return handle.createReadStream();
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
