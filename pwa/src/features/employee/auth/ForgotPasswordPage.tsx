// /employee/forgot-password: staff accounts are made and reset by an administrator (the staff CLI),
// so this screen says who to ask rather than offering a self-service reset.
import { Link } from 'react-router-dom';
import { MARKETING } from '../../../../../shared/constants';
import './auth.css';
import { usePageTitle } from '../../../components/usePageTitle';

export default function ForgotPasswordPage() {
  usePageTitle('Employee password help');
  const subject = encodeURIComponent('Employee portal password reset');
  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Employee Portal</p>
        <h1>Forgot your password?</h1>
        <p>Staff passwords are managed by the office, so there is no reset by e-mail for employee accounts.</p>
        <ol className="emp-auth__steps">
          <li>Contact your administrator or manager and ask for a password reset.</li>
          <li>They set a temporary password for your account with the staff tool and tell you in person or by phone.</li>
          <li>Sign in with it, then choose your own password under My Profile → Change Password.</li>
        </ol>
        <p className="muted">For your security we never send passwords by e-mail.</p>
        <div className="emp-auth__actions">
          <a className="btn btn--primary" href={`mailto:${MARKETING.email}?subject=${subject}`}>
            E-mail the office
          </a>
          <a className="btn btn--ghost" href={`tel:${MARKETING.phone.replace(/\s/g, '')}`}>
            Call {MARKETING.phone}
          </a>
        </div>
        <p className="emp-auth__links">
          <Link to="/employee/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
