// /employee/forgot-password: staff reset their own password with an e-mailed code, the same dialogs
// and texts as customers ('Send OTP', then 'Enter OTP and new password').
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PasswordReset } from '@/components/password-reset/PasswordReset';
import { usePageTitle } from '@/components/usePageTitle';
import { staffResetCalls } from './resetCalls';
import './auth.css';

export default function ForgotPasswordPage() {
  usePageTitle('Employee password reset');
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  // Opened after hydration: the pre-rendered page shows the card, the dialog follows at once.
  useEffect(() => setOpen(true), []);
  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Employee Portal</p>
        <h1>Forgot your password?</h1>
        {done ?
          (
            <p className="notice notice--success" role="status">
              {done}
            </p>
          ) :
          <p>Enter the e-mail of your staff account and we will send you a 6-digit code to choose a new password.</p>}
        <div className="emp-auth__actions">
          {done ?
            (
              <Link className="btn btn--primary" to="/employee/login">
                Sign in
              </Link>
            ) :
            (
              <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
                Send OTP
              </button>
            )}
        </div>
        <p className="emp-auth__links">
          <Link to="/employee/login">Back to sign in</Link>
        </p>
      </div>
      <PasswordReset open={open} calls={staffResetCalls} audience="staff" onClose={() => setOpen(false)} onDone={setDone} />
    </main>
  );
}
