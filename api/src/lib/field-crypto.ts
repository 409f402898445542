// Fields a burglar would want (how to get in, where the keys are, the alarm code) are stored sealed with
// AES-256-GCM: a copy of the database, a backup or the engine's files on disk hold only ciphertext.
// Each sealed value names the key that sealed it (the first bytes of the key's hash), so after a
// rotation the old key still opens what it sealed until every value has been sealed again.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, privateDirSync } from '../data-dir';

const PREFIX = 'enc1';
const IV_BYTES = 12;
/** The key file in DATA_DIR when FIELD_ENCRYPTION_KEY is unset, and the one a rotation keeps until it is done. */
export const FIELD_KEY_FILE = 'field-encryption-key';
export const PREVIOUS_FIELD_KEY_FILE = 'field-encryption-key.previous';

export interface FieldKeys {
  /** The key new values are sealed with. */
  current: Buffer;
  /** Keys still accepted for opening (a rotation under way). */
  previous: Buffer[];
  /** Where the current key came from: the environment or DATA_DIR's key file. */
  source: 'env' | 'file';
}

/** A 32-byte key from base64 (or base64url) or hex; anything else stops start-up naming the variable. */
export function parseFieldKey(name: string, text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, written as base64 or 64 hex digits (got ${key.length} bytes)`);
  return key;
}

export const newFieldKey = (): Buffer => randomBytes(32);
export const keyText = (key: Buffer): string => key.toString('base64');
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 8);

function writeKeyFile(file: string, key: Buffer): void {
  writeFileSync(file, keyText(key), { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * FIELD_ENCRYPTION_KEY when set; otherwise one random key generated once into DATA_DIR, like the JWT
 * secret. FIELD_ENCRYPTION_KEY_PREVIOUS (comma-separated) and a rotation's left-over previous key file
 * are accepted for opening only.
 */
export function fieldKeysFor(dataDir: string, env: NodeJS.ProcessEnv): FieldKeys {
  const previous = (env.FIELD_ENCRYPTION_KEY_PREVIOUS ?? '').split(',').filter((t) => t.trim()).map((t) => parseFieldKey('FIELD_ENCRYPTION_KEY_PREVIOUS', t));
  const previousFile = path.join(dataDir, PREVIOUS_FIELD_KEY_FILE);
  if (existsSync(previousFile)) previous.push(parseFieldKey(previousFile, readFileSync(previousFile, 'utf8')));
  if (env.FIELD_ENCRYPTION_KEY) return { current: parseFieldKey('FIELD_ENCRYPTION_KEY', env.FIELD_ENCRYPTION_KEY), previous, source: 'env' };
  const file = path.join(dataDir, FIELD_KEY_FILE);
  if (existsSync(file)) return { current: parseFieldKey(file, readFileSync(file, 'utf8')), previous, source: 'file' };
  privateDirSync(dataDir);
  const key = newFieldKey();
  writeKeyFile(file, key);
  return { current: key, previous, source: 'file' };
}

/** A rotation with the key in DATA_DIR: the old key is kept as the previous one, the new one becomes current. */
export function rotateKeyFiles(dataDir: string, keys: FieldKeys, next: Buffer): void {
  writeKeyFile(path.join(dataDir, PREVIOUS_FIELD_KEY_FILE), keys.current);
  writeKeyFile(path.join(dataDir, FIELD_KEY_FILE), next);
}

/** Once every value is sealed with the new key, the old one is no longer kept. */
export function forgetPreviousKeyFile(dataDir: string): void {
  rmSync(path.join(dataDir, PREVIOUS_FIELD_KEY_FILE), { force: true });
}

// Every key this process has been given, by id: a value sealed by any of them opens. Servers started in
// one process (tests, several instances) each register theirs; the latest registered seals.
const known = new Map<string, Buffer>();
let sealing: Buffer | null = null;

export function useFieldKeys(keys: Pick<FieldKeys, 'current' | 'previous'>): void {
  for (const k of [...keys.previous, keys.current]) known.set(keyId(k), k);
  sealing = keys.current;
}

/** Whether `value` is sealed with the key given (false for plain text and for other keys). */
export function sealedWith(value: string, key: Buffer): boolean {
  return value.startsWith(`${PREFIX}:${keyId(key)}:`);
}

/** Seals `plain` ('' stays '': an empty field says nothing). */
export function sealField(plain: string, key: Buffer | null = sealing): string {
  if (!plain) return '';
  if (!key) throw new Error('field encryption key not set (useFieldKeys at start-up)');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, keyId(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

/**
 * Opens a sealed value. Plain text (stored before sealing existed) is returned as it is; a value whose
 * key is unknown or whose tag does not match throws (a wrong key must not read as an empty note).
 */
export function openField(value: string | null | undefined): string {
  if (!value) return '';
  if (!value.startsWith(`${PREFIX}:`)) return value;
  const [, kid, iv, tag, body] = value.split(':');
  const key = known.get(kid);
  if (!key) throw new Error(`field sealed with an unknown key (${kid}): set FIELD_ENCRYPTION_KEY_PREVIOUS to the key it was sealed with`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
