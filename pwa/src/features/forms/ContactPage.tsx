// Contact: the form (name, email, phone, message), a details card and the map.
import { MSG } from '@shared/messages';
import { TextArea } from '@/components/Field';
import { LocationMap } from '@/components/LocationMap';
import { sendContact } from './api';
import { compact } from './formValues';
import { FormNotice } from './FormNotice';
import { ContactDetailsFields } from './ContactDetailsFields';
import { usePublicForm } from './usePublicForm';
import './forms.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';
import { useCompany } from '@/lib/company';
import { areasText, telHref } from '@shared/company';

const EMPTY = { name: '', email: '', phone: '', message: '' };
export default function ContactPage() {
  const co = useCompany();
  usePageTitle('Contact us');
  const { values, set, errors, notice, formRef, submit, pending } = usePublicForm({
    empty: EMPTY,
    send: sendContact,
    schema: (v) => v.contactSchema,
    toInput: compact,
    sentText: MSG.contactSent,
    failText: () => MSG.contactFailed,
  });

  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>Contact us</h1>
          <p className="page-band__lead">Questions, quotes or feedback: send a message and we will reply within {co.response}.</p>
        </div>
      </section>
      <section className="container section contact">
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-label="Contact form">
          <h2>Send us a message</h2>
          <ContactDetailsFields values={values} errors={errors} set={set} />
          <TextArea label="Message" name="message" required value={values.message} onChange={set('message')} error={errors.message} />
          <FormNotice notice={notice} />
          <LiveFieldset>
            <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
              {pending ? 'Sending…' : 'Send Message'}
            </button>
          </LiveFieldset>
        </form>
        <div className="contact__side">
          <div className="card contact__details">
            <h2>Our details</h2>
            <dl>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(co.phone)}>{co.phone}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${co.email}`}>{co.email}</a>
              </dd>
              <dt>Office</dt>
              <dd>{co.address}</dd>
              <dt>Hours</dt>
              <dd>{co.officeHours}</dd>
              <dt>Areas</dt>
              <dd>{areasText(co)}</dd>
            </dl>
          </div>
          <LocationMap height={260} />
        </div>
      </section>
    </>
  );
}
