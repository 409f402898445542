// npm run staff -- create --email E --name N --password P [--role employee|admin|super-admin]
// Creates an employee account in the same database the server uses (MONGODB_URI, or the embedded
// engine under DATA_DIR). Exit codes: 0 created, 1 invalid input or e-mail taken, 2 database unavailable.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';
import { loadConfig } from '../config';
import { connectDatabase, type Database } from '../db';
import { StaffExistsError, createStaff, staffCreateSchema } from '../services/accounts/staff';

const USAGE = `Usage: npm run staff -- create --email E --name N --password P [--role employee|admin|super-admin]

Creates a staff account for the employee portal.
Uses MONGODB_URI when set, otherwise the embedded database in DATA_DIR (default ./data).`;

class CliError extends Error {
  constructor(
    message: string,
    public code: number,
  ) {
    super(message);
  }
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 1);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals[0] !== 'create' || positionals.length !== 1) throw new CliError(USAGE, 1);
  return { email: values.email, name: values.name, password: values.password, role: values.role };
}

/** The embedded engine allows one process per data directory; say plainly what to do about it. */
function databaseError(err: unknown, dataDir: string): CliError {
  const message = (err as Error)?.message ?? String(err);
  if (/locked by another engine process|already in use/i.test(message)) {
    return new CliError(
      `The database in ${dataDir} is in use by a running server (for example \`npm start\`).\n` +
        'The embedded database can only be opened by one process at a time. Stop the server, run this command, then start the server again ' +
        '(or set MONGODB_URI to a MongoDB server that both can share).\n' +
        'To make the first super-admin without stopping it, start the server with ADMIN_EMAIL=you@example.com: it e-mails you an invitation link.\n' +
        'Once an admin exists, invite everyone else from the office (/office/team).',
      2,
    );
  }
  return new CliError(`Could not open the database: ${message}`, 2);
}

function invalid(err: z.ZodError): CliError {
  const lines = Object.entries(fieldErrors(err)).map(([field, msg]) => `  --${field}: ${msg}`);
  return new CliError(`Invalid input:\n${lines.join('\n')}\n\n${USAGE}`, 1);
}

export async function runStaffCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parse(argv);
  if (!args) return USAGE;
  // Check the input before opening the database, so a typo fails fast.
  const input = staffCreateSchema.safeParse({ email: args.email ?? '', name: args.name ?? '', password: args.password ?? '', role: args.role ?? 'employee' });
  if (!input.success) throw invalid(input.error);
  const config = loadConfig(env);
  let db: Database;
  try {
    db = await connectDatabase(config);
  } catch (err) {
    throw databaseError(err, config.dataDir);
  }
  try {
    const staff = await createStaff(input.data, config.bcryptCost);
    return `Created ${staff.role} account for ${staff.name} <${staff.email}> (id ${staff.id}). They can sign in at /employee/login.`;
  } catch (err) {
    if (err instanceof StaffExistsError) throw new CliError(err.message, 1);
    throw err;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runStaffCli(process.argv.slice(2)).then(
    (out) => {
      console.log(out);
      process.exit(0);
    },
    (err) => {
      console.error(err instanceof CliError ? err.message : `Unexpected error: ${(err as Error)?.message ?? err}`);
      process.exit(err instanceof CliError ? err.code : 2);
    },
  );
}
