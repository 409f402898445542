// /employee/welcome?token=…: a new team member opens the invitation link, chooses their password (the
// employee profile's rules) and lands in the portal signed in. No administrator ever sees it.
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { errorMessage } from '@/lib/api';
import { useForm } from '@/lib/form/useForm';
import { welcomeSchema } from '@shared/schemas/office';
import { OFFICE_MSG } from '@shared/messages-office';
import { useEmployeeSession } from './EmployeeSession';
import { acceptInvitation, peekInvitation } from './api';
import { employeeKeys } from '../keys';
import './auth.css';

export default function WelcomePage() {
  usePageTitle('Welcome to the team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn } = useEmployeeSession();
  const who = useQuery({ queryKey: employeeKeys.invitation(token), queryFn: () => peekInvitation(token), enabled: token.length > 0, retry: false });
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (res) => {
      signIn(res.token, res.user);
      navigate('/employee/dashboard', { replace: true });
    },
  });

  const form = useForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: welcomeSchema,
    toInput: (values) => ({ token, ...values }),
    onSubmit: (data) => accept.mutate(data),
  });
  const { values, errors } = form;

  let body;
  if (!token) body = <p className="notice notice--error" role="alert">{OFFICE_MSG.invitationInvalid}</p>;
  else if (who.isPending) body = <Spinner />;
  else if (who.isError) body = <p className="notice notice--error" role="alert">{errorMessage(who.error, OFFICE_MSG.invitationInvalid)}</p>;
  else {
    body = (
      <>
        <p>
          Hello <strong>{who.data.name}</strong>. Choose the password you will sign in with as <strong>{who.data.email}</strong>.
        </p>
        {accept.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(accept.error, OFFICE_MSG.invitationInvalid)}
          </p>
        )}
        <form ref={form.formRef} onSubmit={form.submit} noValidate>
          <input type="hidden" name="username" autoComplete="username" value={who.data.email} />
          <NewPasswordFields values={values} errors={errors} onChange={(k, v) => form.setValue(k, v)} />
          <button type="submit" className="btn btn--primary btn--block" disabled={accept.isPending}>
            {accept.isPending ? 'Saving…' : 'Set password and sign in'}
          </button>
        </form>
      </>
    );
  }
  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Employee Portal</p>
        <h1>Welcome to the team</h1>
        {body}
        <p className="emp-auth__links">
          <Link to="/employee/login">Already have a password? Sign in</Link>
        </p>
      </div>
    </main>
  );
}
