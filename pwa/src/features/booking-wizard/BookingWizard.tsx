// The booking wizard modal (spec §2, §4, §5): 12 questions, then send, queue offline, or keep for after sign-in.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { WIZARD_STEPS } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Modal } from '../../components/Modal';
import { useAuth } from '../auth/AuthProvider';
import { WizardStep } from './WizardStep';
import { STEPS, initialAnswers, isStepAnswered, toWizardInput, type Answers } from './steps';
import { bookingErrorMessage, submitBooking } from './submitBooking';
import { savePendingBooking, useSendPendingBooking } from './pendingBooking';
import './BookingWizard.css';

export interface BookingWizardProps {
  open: boolean;
  initialPostcode?: string;
  onClose: () => void;
}

export default function BookingWizard({ open, initialPostcode, onClose }: BookingWizardProps) {
  // Mounted only while open, so every opening starts a fresh set of answers.
  return (
    <Modal open={open} title="Book a cleaning" onClose={onClose} className="modal--wide">
      {open && <WizardBody initialPostcode={initialPostcode} onClose={onClose} />}
    </Modal>
  );
}

type Outcome = 'confirmed' | 'queued' | null;

function WizardBody({ initialPostcode, onClose }: Omit<BookingWizardProps, 'open'>) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(initialPostcode, { address: user?.address, phone: user?.phone }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const sendPending = useSendPendingBooking();

  // Spec §4: coming back to the wizard signed in sends a booking kept from before the sign-in.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void sendPending().then((r) => {
      if (!live || !r) return;
      if ('error' in r) setError(r.error);
      else setOutcome(r.outcome.status === 'sent' ? 'confirmed' : 'queued');
    });
    return () => {
      live = false;
    };
  }, [user, sendPending]);

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
    const checked = toWizardInput(answers);
    if (!checked.ok) {
      setError(Object.values(checked.errors)[0] ?? MSG.bookingFailed);
      return;
    }
    setError('');
    if (!user) {
      await savePendingBooking(checked.data);
      onClose();
      navigate('/login', { state: { notice: MSG.loginToBook } });
      return;
    }
    setBusy(true);
    try {
      const result = await submitBooking(checked.data);
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      setOutcome(result.status === 'sent' ? 'confirmed' : 'queued');
    } catch (err) {
      setError(bookingErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    return (
      <div className="wizard__done" role="status">
        <div className="wizard__done-icon" aria-hidden="true">{outcome === 'confirmed' ? '✓' : '⏳'}</div>
        <h3>{outcome === 'confirmed' ? MSG.bookingConfirmed : MSG.bookingQueued}</h3>
        <p className="muted">
          {outcome === 'confirmed'
            ? 'Thank you! We have your booking and will be in touch shortly to confirm the details.'
            : 'Your booking is saved on this device and will be sent automatically when you are back online. You can see it under My Bookings.'}
        </p>
        <div className="actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              onClose();
              navigate('/orders');
            }}
          >
            View My Booking
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="wizard"
      onSubmit={(e) => {
        e.preventDefault();
        if (!answered || busy) return;
        if (last) void complete();
        else setIndex(index + 1);
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
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="wizard__nav">
        <button type="button" className="btn btn--ghost" onClick={() => setIndex(index - 1)} disabled={index === 0 || busy}>
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={!answered || busy}>
          {last ? (busy ? 'Booking…' : 'Complete Booking') : 'Continue'}
        </button>
      </div>
    </form>
  );
}
