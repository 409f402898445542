// Name, email and optional phone: how every public form asks who is writing (the browser fills them in).
import { Field } from '@/components/Field';

type Details = { name: string; email: string; phone: string; };

interface Props {
  values: Details;
  errors: Partial<Record<keyof Details, string>>;
  set: (field: keyof Details) => (e: { target: { value: string; }; }) => void;
}

export function ContactDetailsFields({ values, errors, set }: Props) {
  return (
    <>
      <Field label="Name" name="name" autoComplete="name" required value={values.name} onChange={set('name')} error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
      <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
    </>
  );
}
