// One home's form (add or edit): the shared schema checks it here and on the server. The access notes,
// keys and alarm code are said to be kept encrypted and shown to the cleaner on the day only.
import { HOMES_MSG as M } from '@shared/messages-homes';
import { homeCreateSchema, type HomeCreateInput, type HomeDto } from '@shared/schemas/homes';
import { typedPostcode, cleanPostcode } from '@shared/postcode';
import { POSTCODE_MAX } from '@shared/constants';
import { Field, TextArea } from '@/components/Field';
import { ApiError, errorMessage } from '@/lib/api';
import { useForm } from '@/lib/form/useForm';
import { useSaveHome } from '@/lib/homes';

type TextField = 'label' | 'address' | 'postcode' | 'access_notes' | 'keys' | 'alarm_code' | 'parking' | 'pets';
type Values = Record<TextField, string> & { photos_allowed: boolean; };

const valuesOf = (h?: HomeDto): Values => ({
  label: h?.label ?? '',
  address: h?.address ?? '',
  postcode: h?.postcode ?? '',
  access_notes: h?.access_notes ?? '',
  keys: h?.keys ?? '',
  alarm_code: h?.alarm_code ?? '',
  parking: h?.parking ?? '',
  pets: h?.pets ?? '',
  photos_allowed: h?.photos_allowed ?? true,
});

interface Props {
  home?: HomeDto;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function HomeForm({ home, onDone, onCancel }: Props) {
  const save = useSaveHome();
  const form = useForm<Values, HomeCreateInput>({
    initial: () => valuesOf(home),
    schema: homeCreateSchema,
    toInput: (v) => ({ ...v, postcode: cleanPostcode(v.postcode) }),
    onSubmit: (input) =>
      save.mutateAsync({ id: home?.id, input }).then(
        (r) => onDone(r.message),
        (err: unknown) => {
          if (err instanceof ApiError) form.setErrors(err.fieldErrors);
          form.setErrors((e) => ({ ...e, form: errorMessage(err, M.homeNotFound) }));
        },
      ),
  });
  const { values, errors } = form;
  const text = (k: TextField) => ({ name: k, label: M.fields[k], value: values[k], error: errors[k], onChange: form.set(k) });
  return (
    <form ref={form.formRef} onSubmit={(e) => void form.submit(e)} noValidate className="home-form" aria-label={home ? `${M.edit} ${home.label}` : M.add}>
      {errors.form && (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      )}
      <Field {...text('label')} placeholder="Flat, Holiday let…" maxLength={60} />
      <Field {...text('address')} autoComplete="street-address" />
      <Field
        {...text('postcode')}
        autoComplete="postal-code"
        maxLength={POSTCODE_MAX + 2}
        onChange={(e) => form.setValue('postcode', typedPostcode(e.target.value))}
        hint="e.g. SW1A 1AA"
      />
      <TextArea {...text('access_notes')} rows={2} />
      <Field {...text('keys')} />
      <Field {...text('alarm_code')} autoComplete="off" />
      <Field {...text('parking')} />
      <Field {...text('pets')} />
      <label className="home-form__check">
        <input type="checkbox" name="photos_allowed" checked={values.photos_allowed} onChange={(e) => form.setValue('photos_allowed', e.target.checked)} />
        {M.photosAllowed}
      </label>
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={form.pending}>
          {M.cancel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {form.pending ? 'Saving…' : M.save}
        </button>
      </div>
    </form>
  );
}
