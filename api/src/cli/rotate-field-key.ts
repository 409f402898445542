// npm run rotate-field-key
// Seals every home's access notes, keys and alarm code again with a new key. With the key in DATA_DIR
// (FIELD_ENCRYPTION_KEY unset) a new one is drawn and written there; the old one is kept beside it
// (field-encryption-key.previous) until every value is sealed again, so a run cut short is simply run
// again. With FIELD_ENCRYPTION_KEY set, NEW_FIELD_ENCRYPTION_KEY names the new key, and the operator
// then sets FIELD_ENCRYPTION_KEY to it (keeping the old one in FIELD_ENCRYPTION_KEY_PREVIOUS until every
// instance has restarted). Uses the database the server uses: stop the server first when it is the
// embedded one. Exit codes: 0 done, 1 usage, 2 database unavailable.
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db';
import { forgetPreviousKeyFile, newFieldKey, parseFieldKey, rotateKeyFiles, useFieldKeys } from '../lib/field-crypto';
import { resealHomes } from '../services/homes/reseal';

const USAGE = `Usage: npm run rotate-field-key

Seals every home's access notes, keys and alarm code again with a new key (AES-256-GCM).
FIELD_ENCRYPTION_KEY unset: a new key is written into DATA_DIR. Set: give the new one in NEW_FIELD_ENCRYPTION_KEY.
Stop the server first when it uses the embedded database in DATA_DIR.`;

export async function runRotateFieldKey(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (argv.length) throw Object.assign(new Error(USAGE), { code: 1 });
  const config = loadConfig(env);
  const keys = config.fieldKeys;
  if (keys.source === 'env' && !env.NEW_FIELD_ENCRYPTION_KEY) throw Object.assign(new Error(USAGE), { code: 1 });
  const next = keys.source === 'env' ? parseFieldKey('NEW_FIELD_ENCRYPTION_KEY', env.NEW_FIELD_ENCRYPTION_KEY!) : newFieldKey();
  const db = await connectDatabase(config).catch((err: Error) => {
    throw Object.assign(new Error(`Could not open the database (is the server running on ${config.dataDir}? stop it first): ${err.message}`), { code: 2 });
  });
  try {
    if (keys.source === 'file') rotateKeyFiles(config.dataDir, keys, next);
    // Every key known opens; the new one seals.
    useFieldKeys({ current: next, previous: [keys.current, ...keys.previous] });
    const { homes, fields } = await resealHomes(next);
    if (keys.source === 'file') forgetPreviousKeyFile(config.dataDir);
    const then = keys.source === 'env'
      ? ' Now set FIELD_ENCRYPTION_KEY to the new key (and FIELD_ENCRYPTION_KEY_PREVIOUS to the old one until every instance has restarted).'
      : ` The new key is in ${path.join(config.dataDir, 'field-encryption-key')}.`;
    return `Sealed again: ${fields} field(s) of ${homes} home(s).${then}`;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runRotateFieldKey(process.argv.slice(2)).then(
    (out) => {
      console.log(out);
      process.exit(0);
    },
    (err: Error & { code?: number; }) => {
      console.error(err.message);
      process.exit(err.code ?? 2);
    },
  );
}
