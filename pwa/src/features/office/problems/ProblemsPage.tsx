// /office/problems: what cleaners reported from the doorstep, newest first, open ones by default
// (?state=resolved for the others). Each open one is resolved with a note of what was done; the
// audit log keeps it. The problem's photos open under it.
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { PROBLEM_KIND_LABEL, PROBLEM_MSG as M } from '@shared/messages-photos';
import type { ProblemDto, ProblemState } from '@shared/schemas/photos';
import { ErrorNotice, Pager } from '../ui';
import { useUrlFilters } from '../useUrlFilters';
import { OfficeVisitPhotos } from './OfficeVisitPhotos';
import { fetchProblems, problemKeys, resolveProblem } from './api';
import './problems.css';

function ResolveForm({ problem }: { problem: ProblemDto; }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const id = useId();
  const save = useMutation({
    mutationFn: () => resolveProblem(problem.id, note.trim()),
    onSuccess: () => qc.invalidateQueries({ queryKey: problemKeys.all }),
  });
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) save.mutate();
  };
  return (
    <form className="ofc-problem__resolve" onSubmit={send}>
      <label htmlFor={`${id}-note`}>{M.resolveLabel}</label>
      <textarea id={`${id}-note`} rows={2} maxLength={1000} required value={note} onChange={(e) => setNote(e.target.value)} />
      {save.isError && <p className="notice notice--error" role="alert">{errorMessage(save.error, M.notResolved)}</p>}
      <button type="submit" className="btn btn--primary" disabled={save.isPending || !note.trim()}>{M.resolve}</button>
    </form>
  );
}

function ProblemCard({ problem: p }: { problem: ProblemDto; }) {
  const where = [p.customer_name, p.postcode && formatPostcode(p.postcode), p.reference].filter(Boolean).join(' · ');
  return (
    <li className="card ofc-problem">
      <div className="ofc-problem__head">
        <h2 className="ofc-problem__kind">{PROBLEM_KIND_LABEL[p.kind]}</h2>
        <span className="ofc-muted">{formatWhen(p.reported_at)}</span>
      </div>
      <p className="ofc-problem__where">{where}</p>
      <p className="ofc-muted">
        {p.visit_start ? `Visit ${formatWhen(p.visit_start)}` : ''}
        {p.cleaner_first_name ? ` · ${p.cleaner_first_name}` : ''}
      </p>
      {p.note && <p className="ofc-problem__note">{p.note}</p>}
      <OfficeVisitPhotos visitId={p.visit_id} problemId={p.id} />
      {p.state === 'open' ? <ResolveForm problem={p} /> : <p className="ofc-problem__done">{M.resolvedWith(p.resolve_note ?? '')}</p>}
    </li>
  );
}

export default function ProblemsPage() {
  usePageTitle('Problems · Office');
  const [sp, set] = useUrlFilters();
  const state: ProblemState = sp.get('state') === 'resolved' ? 'resolved' : 'open';
  const page = Math.max(1, Math.floor(Number(sp.get('page'))) || 1);
  const list = useQuery({ queryKey: problemKeys.list(state, page), queryFn: () => fetchProblems(state, page), placeholderData: keepPreviousData });
  return (
    <section className="ofc-problems">
      <div className="ofc-head">
        <h1>{M.pageTitle}</h1>
      </div>
      <div className="ofc-filters">
        <label>
          State
          <select value={state} onChange={(e) => set({ state: e.target.value === 'resolved' ? 'resolved' : undefined, page: undefined })}>
            <option value="open">{M.open}</option>
            <option value="resolved">Resolved</option>
          </select>
        </label>
      </div>
      {list.isPending ?
        <Spinner /> :
        list.isError ?
        <ErrorNotice error={list.error} fallback={M.none} /> :
        list.data.problems.length === 0 ?
        <p className="card">{state === 'open' ? M.none : 'No resolved problems.'}</p> :
        (
          <>
            <ul className="ofc-problem-list">
              {list.data.problems.map((p) => <ProblemCard key={p.id} problem={p} />)}
            </ul>
            <Pager paged={list.data} onPage={(p) => set({ page: String(p) })} />
          </>
        )}
    </section>
  );
}
