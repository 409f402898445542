// Career: positions, optional CV (.pdf/.doc/.docx checked here by extension), multipart.
import { useState } from 'react';
import { CAREER_POSITIONS, CV_EXTENSIONS, CV_MAX_MB } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Field, Select, TextArea } from '@/components/Field';
import { sendCareer } from './api';
import { compact, cvProblem } from './formValues';
import { FormNotice } from './FormNotice';
import { ContactDetailsFields } from './ContactDetailsFields';
import { usePublicForm } from './usePublicForm';
import './forms.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';

const EMPTY = { name: '', email: '', phone: '', position: '', message: '' };

export default function CareerPage() {
  usePageTitle('Careers');
  const [cv, setCv] = useState<File | null>(null);
  // Changing the key remounts the file input: the only way to clear a file input.
  const [fileKey, setFileKey] = useState(0);
  const { values, set, errors, notice, formRef, submit, pending } = usePublicForm({
    empty: EMPTY,
    schema: (v) => v.careerSchema,
    toInput: compact,
    extraErrors: () => ({ cv: cvProblem(cv) }),
    send: (fields) => sendCareer({ fields, cv }),
    sentText: MSG.careerSent,
    failText: (failure) => failure.message(MSG.careerFailed),
    onSent: () => {
      setCv(null);
      setFileKey((k) => k + 1);
    },
  });

  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>Join our team</h1>
          <p className="page-band__lead">Reliable hours, fair pay and proper training. Tell us about yourself and we will be in touch.</p>
        </div>
      </section>
      <section className="container section forms-layout">
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-label="Job application form">
          <div className="form-row">
            <ContactDetailsFields values={values} errors={errors} set={set} />
            <Select
              label="Position"
              name="position"
              required
              placeholder="Choose a position"
              options={CAREER_POSITIONS}
              value={values.position}
              onChange={set('position')}
              error={errors.position}
            />
          </div>
          <TextArea label="Tell us about yourself (optional)" name="message" value={values.message} onChange={set('message')} error={errors.message} />
          <Field
            key={fileKey}
            label="CV (optional)"
            name="cv"
            type="file"
            accept={CV_EXTENSIONS.join(',')}
            hint={`PDF, DOC or DOCX, up to ${CV_MAX_MB} MB`}
            onChange={(e) => setCv(e.target.files?.[0] ?? null)}
            error={errors.cv}
          />
          <FormNotice notice={notice} />
          <LiveFieldset>
            <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
              {pending ? 'Sending…' : 'Submit Application'}
            </button>
          </LiveFieldset>
        </form>
        <aside className="card forms-aside">
          <h2>Why work with us</h2>
          <ul>
            <li>Paid training and a clear path to supervisor.</li>
            <li>Regular clients close to home.</li>
            <li>Equipment and eco-friendly products provided.</li>
          </ul>
        </aside>
      </section>
    </>
  );
}
