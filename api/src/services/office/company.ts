// The company's details (office → Settings) for every page, mail and calendar file. Read through a
// small cache: re-read from the database at most every COMPANY_MAX_AGE_MS, and at once on the instance
// that saved them; other instances (sharing the database) catch up within that time.
import { createHash } from 'node:crypto';
import { COMPANY_DEFAULTS, SOCIAL_NETWORKS, sameCompany, type Company, type CompanySetup } from '@shared/company';
import { companySchema } from '@shared/schemas/company';
import { systemClock, type Clock } from '../../clock';
import type { Config } from '../../config';
import { CompanySettings, type CompanySettingsDoc } from '../../models/CompanySettings';
import { Employee } from '../../models/Employee';
import { recordAudit, type AuditActor } from './audit';

/** How long one read of the settings is reused: a change shows on every instance within this. */
export const COMPANY_MAX_AGE_MS = 30_000;
const ID = 'company';

export interface CompanyState {
  company: Company;
  /** Saves so far (0: never saved, the defaults). */
  version: number;
  /** Whether these are exactly the defaults (the pre-rendered pages are served unchanged then). */
  isDefault: boolean;
  /** A short hash of the details, for ETags. */
  tag: string;
}

let clock: Clock = systemClock;
let cached: { state: CompanyState; readAt: number; } | undefined;
let reading: Promise<CompanyState> | undefined;

/** The clock the cache's age is measured by (the server's, which tests can move). */
export function setCompanyClock(c: Clock): void {
  clock = c;
}

/** Tests and a restore: the next read goes to the database. */
export function forgetCompanyCache(): void {
  cached = undefined;
}

function stateOf(company: Company, version: number): CompanyState {
  const tag = createHash('sha1').update(JSON.stringify(company)).digest('base64url').slice(0, 16);
  return { company, version, isDefault: sameCompany(company, COMPANY_DEFAULTS), tag };
}

/**
 * A stored document as the current schema reads it, in the defaults' key order; a field a later
 * version added (or one that no longer passes) falls back to its default rather than breaking pages.
 */
function fromStored(value: unknown): Company {
  const stored = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const merged = { ...COMPANY_DEFAULTS, ...stored, social: { ...COMPANY_DEFAULTS.social, ...(stored.social as object | undefined) } };
  const parsed = companySchema.safeParse(merged);
  return ordered(parsed.success ? parsed.data : COMPANY_DEFAULTS);
}

function ordered(c: Company): Company {
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((k) => [k, c.social[k]])) as Company['social'];
  return { ...Object.fromEntries(Object.keys(COMPANY_DEFAULTS).map((k) => [k, c[k as keyof Company]])), social } as Company;
}

async function read(): Promise<CompanyState> {
  const doc = await CompanySettings.findById(ID).lean<CompanySettingsDoc>();
  return doc ? stateOf(fromStored(doc.value), doc.version) : stateOf(COMPANY_DEFAULTS, 0);
}

/** The company's details now (cached; one database read at a time however many ask). */
export async function companyState(): Promise<CompanyState> {
  const now = clock.now().getTime();
  if (cached && now - cached.readAt < COMPANY_MAX_AGE_MS && now >= cached.readAt) return cached.state;
  reading ??= read().finally(() => {
    reading = undefined;
  });
  const state = await reading;
  cached = { state, readAt: now };
  return state;
}

export const currentCompany = async (): Promise<Company> => (await companyState()).company;

/** Saves new details (already parsed by companySchema), audited with before → after. */
export async function saveCompany(actor: AuditActor, input: Company): Promise<CompanyState> {
  const before = await read();
  const company = ordered(input);
  const doc = await CompanySettings.findOneAndUpdate(
    { _id: ID },
    { $set: { value: company, updatedAt: clock.now() }, $inc: { version: 1 } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  const state = stateOf(company, (doc as CompanySettingsDoc | null)?.version ?? before.version + 1);
  cached = { state, readAt: clock.now().getTime() };
  const changed = (Object.keys(company) as Array<keyof Company>).filter((k) => JSON.stringify(company[k]) !== JSON.stringify(before.company[k]));
  const pick = (c: Company) => Object.fromEntries(changed.map((k) => [k, c[k]]));
  await recordAudit({
    actor,
    action: 'company.update',
    target: { type: 'company', id: ID, label: company.name },
    before: pick(before.company),
    after: pick(company),
  });
  return state;
}

/** The office home's first-run checklist: what a new company still has to set up. */
export async function companySetup(config: Pick<Config, 'smtpUrl' | 'officeEmailSet'>): Promise<CompanySetup> {
  const [state, cleaner] = await Promise.all([companyState(), Employee.exists({ role: 'employee' })]);
  return { details: !state.isDefault, cleanerInvited: Boolean(cleaner), smtp: Boolean(config.smtpUrl), officeEmail: config.officeEmailSet };
}
