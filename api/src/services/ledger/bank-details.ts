// The company's bank account (office → Settings), kept beside the company's details but never in them:
// those are printed on every public page, these only on statements and payment reminders.
import { bankDetailsSchema, NO_BANK_DETAILS, type BankDetails } from '@shared/schemas/ledger';
import { CompanySettings } from '../../models/CompanySettings';
import { recordAudit, type AuditActor } from '../office/audit';

const ID = 'bank';

export async function bankDetails(): Promise<BankDetails> {
  const doc = await CompanySettings.findById(ID).lean<{ value: unknown; }>();
  const parsed = bankDetailsSchema.safeParse(doc?.value ?? NO_BANK_DETAILS);
  return parsed.success ? parsed.data : NO_BANK_DETAILS;
}

export async function saveBankDetails(actor: AuditActor, details: BankDetails, now: Date): Promise<BankDetails> {
  const before = await bankDetails();
  await CompanySettings.updateOne({ _id: ID }, { $set: { value: details, updatedAt: now }, $inc: { version: 1 } }, { upsert: true });
  // Only the last digits of the account go into the audit trail.
  const masked = (d: BankDetails) => ({
    account_name: d.account_name,
    sort_code: d.sort_code,
    account_number: d.account_number ? `••••${d.account_number.slice(-4)}` : '',
  });
  await recordAudit({
    actor,
    action: 'company.bank',
    target: { type: 'company', id: ID, label: 'Bank details' },
    before: masked(before),
    after: masked(details),
  });
  return details;
}

/** The lines a reminder or statement prints, or '' when the office has not set them. */
export function bankText(d: BankDetails): string {
  if (!d.sort_code || !d.account_number) return '';
  return `Account name: ${d.account_name}\nSort code: ${d.sort_code.slice(0, 2)}-${d.sort_code.slice(2, 4)}-${
    d.sort_code.slice(4)
  }\nAccount number: ${d.account_number}`;
}
