// Office → Settings: the company's details and figures every page, mail and calendar file shows.
// A super-admin changes them; an admin sees them read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_NETWORKS, type Company } from '@shared/company';
import { companySchema } from '@shared/schemas/company';
import { COMPANY_MSG } from '@shared/messages-office';
import type { Employee } from '@shared/schemas/employee';
import { Field } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { rememberCompany } from '@/lib/company';
import { useForm } from '@/lib/form/useForm';
import { ErrorNotice, Notice } from '../ui';
import { companyKey, fetchCompany, saveCompany } from './api';

type Values = Omit<Company, 'serviceArea' | 'social'> & { serviceArea: string; } & Record<(typeof SOCIAL_NETWORKS)[number], string>;

const valuesOf = (c: Company): Values => {
  const { serviceArea, social, ...rest } = c;
  return { ...rest, ...social, serviceArea: serviceArea.join(', ') };
};
const companyOf = (v: Values): Company => {
  const { serviceArea, facebook, instagram, linkedin, x, ...rest } = v;
  return { ...rest, serviceArea: serviceArea.split(/[\s,]+/).filter(Boolean), social: { facebook, instagram, linkedin, x } };
};

const SOCIAL_LABEL: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: 'Facebook page',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
};

function SettingsForm({ company, canEdit }: { company: Company; canEdit: boolean; }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: saveCompany,
    onSuccess: (answer) => {
      client.setQueryData(companyKey, answer);
      rememberCompany(answer.company);
    },
  });
  const form = useForm({ initial: () => valuesOf(company), schema: companySchema, toInput: companyOf, onSubmit: (data) => save.mutate(data) });
  const { values, set, errors } = form;
  // Errors come keyed by the schema's path: social.x, serviceArea.2…
  const err = (field: keyof Values) => errors[field] ?? Object.entries(errors).find(([k]) => k === `social.${field}` || k.startsWith(`${field}.`))?.[1];
  const field = (name: keyof Values, label: string, more: Record<string, unknown> = {}) => (
    <Field label={label} name={name} value={values[name]} onChange={set(name)} error={err(name)} readOnly={!canEdit} {...more} />
  );
  return (
    <form ref={form.formRef} className="ofc-settings" onSubmit={form.submit} noValidate>
      {!canEdit && <Notice kind="info">{COMPANY_MSG.readOnly}</Notice>}
      <fieldset className="card ofc-section">
        <legend>Company details</legend>
        {field('name', 'Company name (shown on every page)', { autoComplete: 'organization' })}
        {field('legalName', 'Legal name (optional)')}
        {field('companyNumber', 'Company number (optional)', { hint: 'Companies House, 8 letters and digits' })}
        {field('address', 'Address', { autoComplete: 'street-address' })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
        {field('officeHours', 'Office hours', { hint: 'e.g. Monday to Saturday, 8am to 6pm' })}
        {field('serviceArea', 'Service area (postcode areas)', { hint: 'Separated by commas, e.g. E, EC, N, SW' })}
      </fieldset>
      <fieldset className="card ofc-section">
        <legend>Social links (optional, https only)</legend>
        {SOCIAL_NETWORKS.map((n) => <div key={n}>{field(n, SOCIAL_LABEL[n], { type: 'url', placeholder: 'https://' })}</div>)}
      </fieldset>
      <fieldset className="card ofc-section">
        <legend>Figures on the home page</legend>
        {field('clients', 'Happy clients', { hint: 'e.g. 2500+' })}
        {field('satisfaction', 'Satisfaction rate', { hint: 'e.g. 98%' })}
        {field('response', 'Response time', { hint: 'e.g. 24h' })}
        {field('founded', 'Year founded', { inputMode: 'numeric' })}
      </fieldset>
      {save.isError && <ErrorNotice error={save.error} fallback={COMPANY_MSG.saveFailed} />}
      {save.isSuccess && <Notice kind="success">{save.data.message ?? COMPANY_MSG.saved}</Notice>}
      {canEdit && (
        <button type="submit" className="btn btn--primary" disabled={form.pending || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      )}
    </form>
  );
}

export default function SettingsPage({ me }: { me: Employee; }) {
  usePageTitle('Company settings');
  const q = useQuery({ queryKey: companyKey, queryFn: fetchCompany });
  return (
    <section>
      <div className="ofc-head">
        <h1>Company settings</h1>
      </div>
      <p className="ofc-muted">What every page, e-mail and calendar file shows. A change shows on the public site within a minute.</p>
      {q.isPending
        ? <Spinner />
        : q.isError
        ? <ErrorNotice error={q.error} fallback={COMPANY_MSG.loadFailed} />
        : <SettingsForm company={q.data.company} canEdit={me.role === 'super-admin'} />}
    </section>
  );
}
