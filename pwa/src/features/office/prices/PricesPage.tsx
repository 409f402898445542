// Office → Prices: the price list the wizard's estimate and every quote use (shared/pricing.ts). A
// super-admin saves a new version (bookings keep the version they were quoted with); an admin reads it.
import { useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRICE_BATHROOMS, PRICE_BEDROOMS, PRICE_CLEANING_TYPES, PRICE_FREQUENCIES, priceOf, type PriceList } from '@shared/pricing';
import { priceListSchema } from '@shared/schemas/prices';
import { PRICE_MSG } from '@shared/messages-prices';
import type { Employee } from '@shared/schemas/employee';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { ErrorNotice, Notice, when } from '../ui';
import { fetchPriceList, priceListKey, savePriceList, type PriceListAnswer } from './api';
import './prices.css';

/** Every figure as typed (pounds for money), so a half-typed "2." is not lost. */
type Draft = Record<string, string>;

const pounds = (pence: number) => (pence / 100).toFixed(2);
const toPence = (text: string) => Math.round(Number(text) * 100);

function draftOf(l: PriceList): Draft {
  const d: Draft = {
    hourly: pounds(l.hourly_pence),
    supplies: pounds(l.supplies_pence),
    reception_hours: String(l.reception_hours),
    min_hours: String(l.min_hours),
  };
  l.hours_table.forEach((row, r) => row.forEach((h, c) => (d[`h${r}_${c}`] = String(h))));
  for (const t of PRICE_CLEANING_TYPES) d[`type_${t}`] = String(l.type_factor[t]);
  for (const f of PRICE_FREQUENCIES) {
    d[`add_${f}`] = String(l.frequency[f].add_hours);
    d[`pct_${f}`] = String(l.frequency[f].percent);
  }
  return d;
}

function listOf(d: Draft): PriceList {
  const n = (k: string) => (d[k].trim() === '' ? NaN : Number(d[k]));
  return {
    hourly_pence: toPence(d.hourly),
    hours_table: PRICE_BEDROOMS.map((_, r) => PRICE_BATHROOMS.map((__, c) => n(`h${r}_${c}`))),
    reception_hours: n('reception_hours'),
    type_factor: Object.fromEntries(PRICE_CLEANING_TYPES.map((t) => [t, n(`type_${t}`)])) as PriceList['type_factor'],
    frequency: Object.fromEntries(PRICE_FREQUENCIES.map((f) => [f, { add_hours: n(`add_${f}`), percent: n(`pct_${f}`) }])) as PriceList['frequency'],
    supplies_pence: toPence(d.supplies),
    min_hours: n('min_hours'),
  };
}

/** The same example the issue quotes, by this list: what a customer would see. */
function example(l: PriceList): string {
  const q = priceOf({
    propertyType: 'House',
    frequency: 'Weekly',
    bedrooms: '3',
    bathrooms: '2',
    receptions: '0',
    cleaningType: 'Standard',
    supplies: 'I will provide supplies and equipment',
  }, l);
  return q.kind === 'price' ? `3 bedrooms, 2 bathrooms, weekly: ${PRICE_MSG.estimate(q.hours, q.pence_per_visit, 'Weekly')}` : '';
}

function PriceForm({ answer, canEdit }: { answer: PriceListAnswer; canEdit: boolean; }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer.list));
  const [problem, setProblem] = useState('');
  const save = useMutation({
    mutationFn: (list: PriceList) => savePriceList(list, answer.version),
    onSuccess: (saved) => client.setQueryData(priceListKey, saved),
  });
  const input = (key: string, label: string, more: { step?: string; inputMode?: 'decimal' | 'numeric'; } = {}) => (
    <input
      className="ofc-prices__num"
      id={`price-${key}`}
      name={key}
      aria-label={label}
      type="number"
      step={more.step ?? '0.25'}
      inputMode={more.inputMode ?? 'decimal'}
      value={draft[key]}
      readOnly={!canEdit}
      onChange={(e: ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
    />
  );
  const labelled = (key: string, label: string, more?: Parameters<typeof input>[2]) => (
    <label className="ofc-prices__field" htmlFor={`price-${key}`}>
      <span>{label}</span>
      {input(key, label, more)}
    </label>
  );
  const parsed = priceListSchema.safeParse(listOf(draft));
  return (
    <form
      className="ofc-prices"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? PRICE_MSG.listSaveFailed);
        setProblem('');
        save.mutate(parsed.data);
      }}
    >
      {!canEdit && <Notice kind="info">{PRICE_MSG.listReadOnly}</Notice>}
      {parsed.success && <p className="ofc-prices__example">{example(parsed.data)}</p>}
      <fieldset className="card ofc-section">
        <legend>Rate and extras</legend>
        {labelled('hourly', 'Hourly rate (£)', { step: '0.01' })}
        {labelled('reception_hours', 'Hours per reception room')}
        {labelled('supplies', 'Supplies surcharge per visit (£), when the cleaner brings them', { step: '0.01' })}
        {labelled('min_hours', 'Minimum hours per visit')}
      </fieldset>
      <fieldset className="card ofc-section">
        <legend>Hours for a standard clean (bedrooms × bathrooms)</legend>
        <div className="ofc-prices__scroll">
          <table className="ofc-prices__table">
            <thead>
              <tr>
                <th scope="col">Bedrooms</th>
                {PRICE_BATHROOMS.map((b) => (
                  <th key={b} scope="col">
                    {b.replace(' + 1 additional toilet', ' + WC')} bath
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PRICE_BEDROOMS.map((bed, r) => (
                <tr key={bed}>
                  <th scope="row">{bed}</th>
                  {PRICE_BATHROOMS.map((bath, c) => <td key={bath}>{input(`h${r}_${c}`, `Hours, ${bed} bedrooms, ${bath} bathrooms`)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <fieldset className="card ofc-section">
        <legend>Cleaning type (multiplies the hours)</legend>
        {PRICE_CLEANING_TYPES.map((t) => <div key={t}>{labelled(`type_${t}`, `${t} ×`, { step: '0.05' })}</div>)}
      </fieldset>
      <fieldset className="card ofc-section">
        <legend>Frequency (hours added, % on the price)</legend>
        {PRICE_FREQUENCIES.map((f) => (
          <div key={f} className="ofc-prices__freq">
            <span>{f}</span>
            {input(`add_${f}`, `${f}: hours added`)}
            <span aria-hidden="true">h</span>
            {input(`pct_${f}`, `${f}: percent on the price`, { step: '1', inputMode: 'numeric' })}
            <span aria-hidden="true">%</span>
          </div>
        ))}
      </fieldset>
      {problem && <Notice kind="error">{problem}</Notice>}
      {save.isError && <ErrorNotice error={save.error} fallback={PRICE_MSG.listSaveFailed} />}
      {save.isSuccess && <Notice kind="success">{save.data.message ?? PRICE_MSG.listSaved(save.data.version)}</Notice>}
      {canEdit && (
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save as a new version'}
        </button>
      )}
    </form>
  );
}

export default function PricesPage({ me }: { me: Employee; }) {
  usePageTitle('Prices');
  const q = useQuery({ queryKey: priceListKey, queryFn: fetchPriceList });
  return (
    <section>
      <div className="ofc-head">
        <h1>{PRICE_MSG.listTitle}</h1>
      </div>
      <p className="ofc-muted">
        What the booking wizard’s estimate and every quote use. Each save is a new version; bookings keep the version they were quoted with.
        {q.data && ` Version ${q.data.version}${q.data.saved_at ? `, saved ${when(q.data.saved_at)} by ${q.data.saved_by ?? '—'}` : ' (the defaults)'}.`}
      </p>
      {q.isPending ?
        <Spinner /> :
        q.isError ?
        <ErrorNotice error={q.error} fallback={PRICE_MSG.listLoadFailed} /> :
        <PriceForm key={q.data.version} answer={q.data} canEdit={me.role === 'super-admin'} />}
    </section>
  );
}
