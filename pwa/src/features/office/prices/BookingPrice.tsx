// A booking's price on the office's booking page: the quote (hours, estimate, price-list version) and
// the price per visit, which the office confirms or changes (PUT /api/admin/bookings/{id}/price: the
// customer is mailed a change; the visits not yet done follow).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRICE_MSG } from '@shared/messages-prices';
import { formatPence } from '@shared/pricing';
import { pricePenceSchema } from '@shared/schemas/prices';
import type { BoardBookingDetail } from '@shared/schemas/office';
import { officeSend } from '../api';
import { ErrorNotice, Notice } from '../ui';

export function BookingPrice({ booking, queryKey }: { booking: BoardBookingDetail; queryKey: readonly unknown[]; }) {
  const client = useQueryClient();
  const q = booking.quote;
  const current = booking.price_pence ?? null;
  const [text, setText] = useState(current === null ? '' : (current / 100).toFixed(2));
  const [problem, setProblem] = useState('');
  const save = useMutation({
    mutationFn: (pence: number) => officeSend<{ message: string; }>('PUT', `/bookings/${booking.id}/price`, { pence_per_visit: pence }),
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
  return (
    <div className="card ofc-section">
      <h2>Price</h2>
      <dl>
        <dt>Quote</dt>
        <dd>
          {q?.kind === 'price' && q.pence_per_visit !== undefined
            ? `About ${q.hours} hours · ${formatPence(q.pence_per_visit)} per visit (price list version ${q.price_list_version})`
            : q
            ? `${PRICE_MSG.weConfirm} (price list version ${q.price_list_version})`
            : '—'}
        </dd>
        <dt>Per visit</dt>
        <dd>{current === null ? '—' : `${formatPence(current)}${booking.price_confirmed ? ' (confirmed)' : ' (estimate, not confirmed yet)'}`}</dd>
        {booking.start_within_14_days && (
          <>
            <dt>14-day period</dt>
            <dd>The customer asked to start within it</dd>
          </>
        )}
      </dl>
      <form
        className="ofc-filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = pricePenceSchema.safeParse(Math.round(Number(text) * 100));
          if (!text.trim() || !parsed.success) return setProblem(PRICE_MSG.priceInvalid);
          setProblem('');
          save.mutate(parsed.data);
        }}
      >
        <label>
          {PRICE_MSG.assignPrice}
          <input type="number" name="pence_per_visit" step="0.01" min="1" inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Confirm price
        </button>
      </form>
      <p className="ofc-muted">{PRICE_MSG.assignPriceHint(q?.pence_per_visit ?? null)}</p>
      {problem && <Notice kind="error">{problem}</Notice>}
      {save.isError && <ErrorNotice error={save.error} fallback={PRICE_MSG.priceInvalid} />}
      {save.isSuccess && <Notice kind="success">{save.data.message}</Notice>}
    </div>
  );
}
