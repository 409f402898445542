// Employee profile: edit mode, account status, Service Professional, Verified,
// password change. Unlike the spec's original, a failed update is shown, never swallowed.
import { usePageTitle } from '@/components/usePageTitle';
import { FormButtons } from '@/components/FormButtons';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api';
import { DELAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { employeeProfileUpdateSchema, type EmployeeProfileUpdateInput } from '@shared/schemas/employee';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { employeeKeys } from '../keys';
import { shortDate } from '../format';
import { initialsOf } from '../layout/initials';
import { useEmployeeToast } from '../useEmployeeToast';
import { updateProfile } from './api';
import { ProfileFields } from './ProfileFields';
import { formFrom, profileInput } from './profileForm';
import { useForm } from '@/lib/form/useForm';
import { DataRights } from '@/components/DataRights';
import { CalendarAddress } from '@/components/CalendarAddress';
import './profile.css';

export default function ProfilePage() {
  usePageTitle('My Profile (staff)');
  const { employee } = useEmployeeSession();
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (input: EmployeeProfileUpdateInput) => updateProfile(input),
    onSuccess: (res) => {
      queryClient.setQueryData(employeeKeys.profile, res.employee);
      setForm(formFrom(res.employee));
      setEditing(false);
      toast.show(res.message ?? MSG.profileUpdated, 'success');
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      toast.show(errorMessage(err, MSG.profileUpdateFailed), 'error', DELAY.toastErrorMs);
    },
  });
  const profile = useForm({
    initial: () => formFrom(employee),
    schema: employeeProfileUpdateSchema,
    toInput: profileInput,
    onSubmit: (input) => save.mutate(input),
  });
  const { values: form, setValues: setForm, errors, setErrors } = profile;

  // Offline start: the profile could not be fetched, and this screen has nothing saved to show.
  if (!employee) return <p className="notice notice--info">{MSG.needsServer}</p>;

  const start = () => {
    setForm(formFrom(employee));
    setErrors({});
    save.reset();
    setEditing(true);
  };
  const cancel = () => {
    setForm(formFrom(employee));
    setErrors({});
    setEditing(false);
  };
  return (
    <section>
      <div className="emp-page-head">
        <h1>My Profile</h1>
        {!editing && (
          <button type="button" className="btn btn--primary" onClick={start}>
            Edit Profile
          </button>
        )}
      </div>
      <div className="emp-profile">
        <aside className="card emp-profile__summary">
          <span className="emp-profile__avatar" aria-hidden="true">
            {initialsOf(employee.name)}
          </span>
          <h2>{employee.name}</h2>
          <p className="muted emp-profile__email">{employee.email}</p>
          <p className="emp-profile__badges">
            <span className="badge emp-verified">✓ Verified</span>
            <span className={`badge ${employee.is_active ? 'emp-active' : 'emp-inactive'}`}>{employee.is_active ? 'Active' : 'Inactive'}</span>
          </p>
          <dl className="emp-profile__facts">
            <div>
              <dt>Account type</dt>
              <dd>Service Professional</dd>
            </div>
            <div>
              <dt>Account status</dt>
              <dd>{employee.is_active ? 'Active' : 'Inactive'}</dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>{shortDate(employee.created_at)}</dd>
            </div>
            {employee.last_login && (
              <div>
                <dt>Last sign-in</dt>
                <dd>{shortDate(employee.last_login)}</dd>
              </div>
            )}
          </dl>
        </aside>
        <form ref={profile.formRef} className="card emp-profile__form" onSubmit={profile.submit} noValidate>
          {save.isError && (
            <p className="notice notice--error" role="alert">
              {errorMessage(save.error, MSG.profileUpdateFailed)}
            </p>
          )}
          <ProfileFields
            form={editing ? form : formFrom(employee)}
            errors={errors}
            editing={editing}
            email={employee.email}
            onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          />
          {editing && <FormButtons busy={save.isPending} submitLabel="Save Changes" busyLabel="Saving…" onCancel={cancel} />}
        </form>
      </div>
      <CalendarAddress who="employee" />
      <DataRights who="employee" />
    </section>
  );
}
