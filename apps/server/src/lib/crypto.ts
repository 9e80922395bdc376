import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** Field encryption (AES-256-GCM) and keyed hashes for sensitive values such as SSN. */
export interface DataCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** Deterministic keyed hash for equality matching without decrypting. */
  match(plain: string): string;
}

export function createDataCipher(key: Buffer): DataCipher {
  if (key.length !== 32) throw new Error('DATA_KEY must be 32 bytes');
  const matchKey = createHmac('sha256', key).update('match-key').digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    match(plain) {
      return createHmac('sha256', matchKey).update(plain.trim().toLowerCase()).digest('hex');
    },
  };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
