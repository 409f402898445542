// Contact (spec §2): the form (name, email, phone, message), a details card and the map.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MARKETING } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { fieldErrors } from '../../../../shared/schemas/common';
import { contactSchema } from '../../../../shared/schemas/forms';
import { Field, TextArea } from '../../components/Field';
import { LocationMap } from '../../components/LocationMap';
import { ApiError } from '../../lib/api';
import { sendContact } from './api';
import { compact } from './formValues';
import { FormNotice, focusFirstError, outcomeNotice, type Notice } from './FormNotice';
import './forms.css';
import { usePageTitle } from '../../components/usePageTitle';

const EMPTY = { name: '', email: '', phone: '', message: '' };
const telHref = `tel:${MARKETING.phone.replace(/\s+/g, '')}`;

export default function ContactPage() {
  usePageTitle('Contact us');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // 'always': the outbox decides what offline means (queue and say so), not TanStack's pause.
  const mutation = useMutation({ mutationFn: sendContact, networkMode: 'always' });

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const parsed = contactSchema.safeParse(compact(values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (outcome) => {
        setNotice(outcomeNotice(outcome, MSG.contactSent));
        setValues(EMPTY);
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        setNotice({ kind: 'error', text: MSG.contactFailed });
      },
    });
  };

  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>Contact us</h1>
          <p className="page-band__lead">Questions, quotes or feedback: send a message and we will reply within {MARKETING.response}.</p>
        </div>
      </section>
      <section className="container section contact">
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-label="Contact form">
          <h2>Send us a message</h2>
          <Field label="Name" name="name" autoComplete="name" required value={values.name} onChange={set('name')} error={errors.name} />
          <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
          <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
          <TextArea label="Message" name="message" required value={values.message} onChange={set('message')} error={errors.message} />
          <FormNotice notice={notice} />
          <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending…' : 'Send Message'}
          </button>
        </form>
        <div className="contact__side">
          <div className="card contact__details">
            <h2>Our details</h2>
            <dl>
              <dt>Phone</dt>
              <dd>
                <a href={telHref}>{MARKETING.phone}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${MARKETING.email}`}>{MARKETING.email}</a>
              </dd>
              <dt>Office</dt>
              <dd>{MARKETING.address}</dd>
              <dt>Hours</dt>
              <dd>Monday to Saturday, 8am to 6pm</dd>
            </dl>
          </div>
          <LocationMap height={260} />
        </div>
      </section>
    </>
  );
}
