// The booking wizard: 12 questions, then send, queue offline, or keep for after sign-in.
// Open while the address carries `?book=N` (step N): each step is a history entry, so the phone's Back
// goes one step back; the answers and step are kept on the device (session.ts) until sent or
// discarded, so a reload or a closed tab resumes where the person left off. A tap outside never
// closes it; closing with answers asks first.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { WIZARD_STEPS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { WizardInput } from '@shared/schemas/bookings';
import { Modal } from '@/components/Modal';
import { useAuth } from '@/lib/auth/AuthProvider';
import { bookingDraft } from '@/lib/session';
import { userKeys } from '@/lib/queryKeys';
import { BOOK_PARAM, BOOK_SENT, withBookParam, withoutBookParam, type WizardHistoryState } from '@/lib/bookingLink';
import { WizardStep } from './WizardStep';
import { WizardDone, type Outcome } from './WizardDone';
import { STEPS, initialAnswers, isStepAnswered, toWizardInput, type Answers } from './steps';
import { bookingErrorMessage, submitBooking } from '@/lib/bookings/submitBooking';
import { savePendingBooking, sendPendingBooking } from '@/lib/bookings/pendingBooking';
import { WizardAgreement, WizardEstimate, missingStartTick } from './WizardPrice';
import { usePriceList } from './usePriceList';
import { WizardSummary } from './WizardSummary';
import './BookingWizard.css';

const SENT = BOOK_SENT;

/** Answers worth asking about before they are thrown away: anything beyond what we filled in. */
function hasOwnAnswers(answers: Answers, start: Answers): boolean {
  return Object.entries(answers).some(([k, v]) => v && v !== start[k]);
}

export default function BookingWizard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const params = new URLSearchParams(location.search);
  const stepParam = params.get(BOOK_PARAM);
  const depth = (location.state as WizardHistoryState | null)?.wizardDepth ?? 0;

  const [start] = useState<Answers>(() => initialAnswers('', { address: user?.address, phone: user?.phone }));
  const [answers, setAnswers] = useState<Answers>(() => {
    const saved = bookingDraft.read()?.answers ?? {};
    // A saved empty answer must not hide the signed-in customer's known address or phone.
    return { ...start, ...Object.fromEntries(Object.entries(saved).filter(([, v]) => v)) };
  });
  // Sign-in sends a booking finished while signed out and opens its last screen here (useCompleteSignIn).
  const [outcome, setOutcome] = useState<Outcome | null>(
    () => (stepParam === SENT ? ((location.state as WizardHistoryState | null)?.wizardOutcome as Outcome | undefined) ?? null : null),
  );
  const [asking, setAsking] = useState(false);

  /** Leaves the wizard: back past every step it pushed, or (opened by a link or reload) drop `?book`. */
  const closing = useRef(false);
  const leave = () => {
    closing.current = true;
    if (depth > 0) navigate(-depth);
    else navigate({ pathname: location.pathname, search: withoutBookParam(location.search) }, { replace: true });
  };

  // The furthest a URL may take the wizard: the first question still unanswered.
  let reachable = 1;
  while (reachable < STEPS.length && isStepAnswered(STEPS[reachable - 1], answers)) reachable++;
  const wanted = Number(stepParam) || bookingDraft.read()?.step || 1;
  const step = Math.min(Math.max(1, Math.trunc(wanted)), reachable);

  // `?book` (no number), a step past the answers, or a reload after sending: settle the address.
  useEffect(() => {
    if (stepParam === null) {
      closing.current = false;
      return;
    }
    // Stepping back past what this visit pushed still left `?book` (it was opened by a reload or a link).
    if (closing.current) navigate({ pathname: location.pathname, search: withoutBookParam(location.search) }, { replace: true });
    else if (stepParam === SENT && !outcome) leave();
    else if (stepParam !== SENT && stepParam !== String(step)) {
      navigate({ pathname: location.pathname, search: withBookParam(location.search, step) }, { replace: true, state: location.state });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address or the step changes
  }, [stepParam, step]);

  useEffect(() => {
    if (!outcome && stepParam !== null && !closing.current) bookingDraft.save({ answers, step });
  }, [answers, step, outcome, stepParam]);

  const requestClose = () => {
    if (!outcome && hasOwnAnswers(answers, start)) setAsking(true);
    else leave();
  };

  const finish = (o: Outcome) => {
    bookingDraft.clear();
    setOutcome(o);
    navigate({ pathname: location.pathname, search: withBookParam(location.search, SENT) }, { replace: true, state: location.state });
  };

  if (stepParam === null) return null;
  return (
    <Modal open title="Book a cleaning" onClose={asking ? () => setAsking(false) : requestClose} className="modal--wide" closeOnBackdrop={false}>
      {outcome ?
        <WizardDone outcome={outcome} onClose={leave} onOrders={() => navigate('/orders', { replace: depth === 0 })} /> :
        asking ?
        (
          <div className="wizard__ask" role="alertdialog" aria-labelledby="wizard-ask-title">
            <h3 id="wizard-ask-title">Discard this booking?</h3>
            <p className="muted">Your answers are kept on this device, so you can close the booking and carry on later.</p>
            <div className="actions">
              <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
                Carry on booking
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setAsking(false);
                  leave();
                }}
              >
                Keep for later
              </button>
              <button
                type="button"
                className="btn btn--danger"
                onClick={() => {
                  bookingDraft.clear();
                  setAsking(false);
                  leave();
                }}
              >
                Discard answers
              </button>
            </div>
          </div>
        ) :
        (
          <WizardBody
            index={step - 1}
            answers={answers}
            setAnswers={setAnswers}
            onFinish={finish}
            onSignInNeeded={() => {
              bookingDraft.clear();
              navigate('/login', { state: { notice: `${MSG.loginToBook}. ${MSG.loginToBookKept}` }, replace: true });
            }}
            onStep={(to) => {
              if (to > step) navigate({ pathname: location.pathname, search: withBookParam(location.search, to) }, { state: { wizardDepth: depth + 1 } });
              else if (depth > 1) navigate(-1);
              else navigate({ pathname: location.pathname, search: withBookParam(location.search, to) }, { replace: true, state: location.state });
            }}
          />
        )}
    </Modal>
  );
}

interface BodyProps {
  index: number;
  answers: Answers;
  setAnswers: (update: (a: Answers) => Answers) => void;
  onStep: (step: number) => void;
  onFinish: (o: Outcome) => void;
  onSignInNeeded: () => void;
}

function WizardBody({ index, answers, setAnswers, onStep, onFinish, onSignInNeeded }: BodyProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [tickError, setTickError] = useState('');
  const [refusals, setRefusals] = useState(0);
  const prices = usePriceList();

  // Coming back to the wizard signed in sends a booking kept from before the sign-in.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void sendPendingBooking().then((r) => {
      if (!live || !r) return;
      if ('error' in r) setError(r.error);
      else onFinish({ status: r.outcome.status === 'sent' ? 'confirmed' : 'queued', input: null, booking: null });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in person
  }, [user]);

  // Each new question takes the focus, so screen readers announce it (the first one: the Modal does it).
  const question = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    question.current?.focus();
  }, [index]);

  const step = STEPS[index];
  const last = index === STEPS.length - 1;
  const answered = isStepAnswered(step, answers);

  async function complete() {
    const tick = missingStartTick(answers);
    setTickError(tick ?? '');
    if (tick) {
      setError('');
      setRefusals((n) => n + 1);
      return;
    }
    const checked = toWizardInput(answers);
    if (!checked.ok) {
      setError(Object.values(checked.errors)[0] ?? MSG.bookingFailed);
      return;
    }
    setError('');
    if (!user) {
      await savePendingBooking(checked.data);
      onSignInNeeded();
      return;
    }
    setBusy(true);
    try {
      const result = await submitBooking(checked.data);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      const input: WizardInput = checked.data;
      onFinish({ status: result.status === 'sent' ? 'confirmed' : 'queued', input, booking: result.status === 'sent' ? (result.booking ?? null) : null });
    } catch (err) {
      setError(bookingErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="wizard"
      onSubmit={(e) => {
        e.preventDefault();
        if (!answered || busy) return;
        if (last) void complete();
        else onStep(index + 2);
      }}
    >
      <div className="wizard__progress">
        <p className="wizard__count">
          Step {index + 1} of {WIZARD_STEPS}
        </p>
        <div className="wizard__bar" role="progressbar" aria-label="Booking progress" aria-valuemin={1} aria-valuemax={WIZARD_STEPS} aria-valuenow={index + 1}>
          <span style={{ width: `${((index + 1) / WIZARD_STEPS) * 100}%` }} />
        </div>
      </div>
      <h3 className="wizard__question" ref={question} tabIndex={-1}>
        {step.title}
      </h3>
      <WizardStep step={step} answers={answers} onChange={(patch) => setAnswers((a) => ({ ...a, ...patch }))} />
      {last ?
        (
          <>
            <WizardSummary answers={answers} prices={prices} />
            <WizardAgreement
              answers={answers}
              prices={prices}
              tickError={tickError && missingStartTick(answers) ? tickError : ''}
              refusals={refusals}
              onChange={(patch) => setAnswers((a) => ({ ...a, ...patch }))}
            />
          </>
        ) :
        <WizardEstimate answers={answers} prices={prices} />}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="wizard__nav">
        <button type="button" className="btn btn--ghost" onClick={() => onStep(index)} disabled={index === 0 || busy}>
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={!answered || busy}>
          {last ? (busy ? 'Booking…' : 'Complete Booking') : 'Continue'}
        </button>
      </div>
    </form>
  );
}
