// Under each cleaner's row on the pay page: the minimum wage's facts (date of birth or band, irregular
// hours; the office's only, sent to the staff record) and paid holiday taken (a date and hours, paid at
// their 52-week average).
import { useState, type FormEvent } from 'react';
import { PAY_MSG as M } from '@shared/messages-pay';
import { WAGE_BANDS, WAGE_BAND_LABELS } from '@shared/minimum-wage';
import { holidayTakenSchema, wageFactsFields, type CleanerPay } from '@shared/schemas/pay';
import { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { officeSend } from '../api';

const factsSchema = z.strictObject(wageFactsFields);

export function CleanerTools({ row, onDone }: { row: CleanerPay; onDone: (text: string, ok: boolean) => void; }) {
  const [dob, setDob] = useState(row.wage.date_of_birth ?? '');
  const [band, setBand] = useState<string>(row.wage.wage_band ?? '');
  const [irregular, setIrregular] = useState(row.wage.irregular_hours);
  const [day, setDay] = useState('');
  const [hours, setHours] = useState('');
  const send = async (method: string, path: string, body: unknown) => {
    try {
      onDone((await officeSend<{ message: string; }>(method, path, body)).message, true);
    } catch (err) {
      onDone(errorMessage(err, ''), false);
    }
  };
  const saveFacts = (e: FormEvent) => {
    e.preventDefault();
    const parsed = factsSchema.safeParse({ date_of_birth: dob || null, wage_band: band || null, irregular_hours: irregular });
    if (!parsed.success) return onDone(parsed.error.issues[0]?.message ?? '', false);
    void send('PATCH', `/staff/${row.employee.id}`, parsed.data);
  };
  const saveHoliday = (e: FormEvent) => {
    e.preventDefault();
    const parsed = holidayTakenSchema.safeParse({ date: day, hours: Number(hours) });
    if (!parsed.success) return onDone(parsed.error.issues[0]?.message ?? '', false);
    void send('POST', `/pay/${row.employee.id}/holiday`, parsed.data);
  };
  const who = row.employee.name;
  return (
    <details className="pay-tools">
      <summary>
        {M.toolsSummary}
        <span className="visually-hidden">: {who}</span>
      </summary>
      <form onSubmit={saveFacts} noValidate>
        <label>
          {M.dobLabel}
          <input type="date" value={dob} onChange={(e) => setDob(e.target.value)} />
        </label>
        <label>
          {M.bandLabel}
          <select value={band} onChange={(e) => setBand(e.target.value)}>
            <option value="">{M.bandFromAge}</option>
            {WAGE_BANDS.map((b) => <option key={b} value={b}>{WAGE_BAND_LABELS[b]}</option>)}
          </select>
        </label>
        <label className="pay-check">
          <input type="checkbox" checked={irregular} onChange={(e) => setIrregular(e.target.checked)} /> {M.irregularLabel}
        </label>
        <button type="submit" className="btn btn--small">{M.saveFacts}</button>
      </form>
      <form onSubmit={saveHoliday} noValidate>
        <label>
          {M.holidayDateLabel}
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <label>
          {M.holidayHoursLabel}
          <input type="number" inputMode="decimal" min={0.25} max={100} step={0.25} value={hours} onChange={(e) => setHours(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--small">{M.recordHoliday}</button>
      </form>
    </details>
  );
}
