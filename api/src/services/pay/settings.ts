// The company's pay settings (period, travel rate, holiday pay): one document beside the company's
// details in the settings collection, read on each use (one small read) so every instance agrees.
import { PAY_SETTINGS_DEFAULTS, type PaySettings } from '@shared/pay-periods';
import { paySettingsSchema } from '@shared/schemas/pay';
import { CompanySettings, type CompanySettingsDoc } from '../../models/CompanySettings';
import { recordAudit, type AuditActor } from '../office/audit';

const ID = 'pay';

export async function paySettings(): Promise<PaySettings> {
  const doc = await CompanySettings.findById(ID).lean<CompanySettingsDoc>();
  const parsed = paySettingsSchema.safeParse({ ...PAY_SETTINGS_DEFAULTS, ...(doc?.value as object | undefined) });
  return parsed.success ? parsed.data : PAY_SETTINGS_DEFAULTS;
}

export async function savePaySettings(actor: AuditActor, input: PaySettings, now: Date): Promise<PaySettings> {
  const before = await paySettings();
  await CompanySettings.updateOne({ _id: ID }, { $set: { value: input, updatedAt: now }, $inc: { version: 1 } }, { upsert: true });
  await recordAudit({ actor, action: 'pay.settings', target: { type: 'company', id: ID, label: 'Pay settings' }, before: { ...before }, after: { ...input } });
  return input;
}
