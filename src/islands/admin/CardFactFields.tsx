import {
  CERT_NUMBER_MAX,
  CONDITION_LABELS,
  CONDITIONS,
  type FactFieldName,
  type FactFields,
  GRADERS,
  MANUFACTURERS,
} from '../../domain/card-facts/facts.ts';
import Field from './ui/Field.tsx';

type Props = {
  facts: FactFields;
  onChange: (facts: FactFields) => void;
  errors: Record<string, string>;
  /** The form's id for a field name, e.g. 'facts.year'. */
  fieldId: (name: string) => string;
  inputClass: string;
};

const TEXT_FIELDS: Array<{ name: FactFieldName; label: string; placeholder: string; list?: string }> = [
  { name: 'year', label: 'Χρονιά / σεζόν', placeholder: 'π.χ. 2018-19' },
  { name: 'manufacturer', label: 'Κατασκευαστής', placeholder: 'π.χ. Panini', list: 'makers' },
  { name: 'set', label: 'Σετ', placeholder: 'π.χ. Prizm' },
  { name: 'cardNumber', label: 'Αριθμός κάρτας', placeholder: 'π.χ. 280' },
  { name: 'parallel', label: 'Parallel / παραλλαγή', placeholder: 'π.χ. Silver' },
  { name: 'serial', label: 'Αρίθμηση', placeholder: 'π.χ. 23/99' },
];

const FLAGS: Array<{ name: 'rookie' | 'autograph' | 'patch'; label: string }> = [
  { name: 'rookie', label: 'Rookie (RC)' },
  { name: 'autograph', label: 'Αυτόγραφο' },
  { name: 'patch', label: 'Patch / memorabilia' },
];

/** The product form's card facts (all optional), checked by the same schema as the server's. */
export default function CardFactFields(props: Props) {
  const { facts, onChange, errors, fieldId, inputClass } = props;
  const set = <K extends FactFieldName>(name: K, value: FactFields[K]) =>
    onChange({ ...facts, [name]: value });
  const field = (name: FactFieldName) => ({
    id: fieldId(`facts.${name}`),
    error: errors[`facts.${name}`],
  });

  return (
    <fieldset className="grid gap-4 rounded-md border border-line p-4 md:col-span-2 md:grid-cols-2">
      <legend className="px-1 text-sm font-bold">Στοιχεία κάρτας (προαιρετικά)</legend>
      <datalist id={fieldId('makers')}>
        {MANUFACTURERS.map((maker) => (
          <option key={maker} value={maker} />
        ))}
      </datalist>
      {TEXT_FIELDS.map(({ name, label, placeholder, list }) => (
        <Field key={name} {...field(name)} label={label}>
          {(control) => (
            <input
              {...control}
              type="text"
              list={list ? fieldId(list) : undefined}
              placeholder={placeholder}
              maxLength={name === 'year' || name === 'serial' ? 20 : 120}
              value={facts[name] as string}
              onChange={(event) => set(name, event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      ))}
      <div className="flex flex-wrap gap-x-6 md:col-span-2">
        {FLAGS.map((flag) => (
          <label
            key={flag.name}
            className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold"
          >
            <input
              type="checkbox"
              checked={facts[flag.name]}
              onChange={(event) => set(flag.name, event.target.checked)}
              className="size-5 accent-accent"
            />
            {flag.label}
          </label>
        ))}
      </div>
      <GradeFields {...props} field={field} />
    </fieldset>
  );
}

type GradeProps = Props & {
  field: (name: FactFieldName) => { id: string; error: string | undefined };
};

/** The grader, then the grade and certificate number of a graded card, or the condition of a raw one. */
function GradeFields({ facts, onChange, inputClass, field }: GradeProps) {
  const graded = facts.grader !== '' && facts.grader !== 'RAW';
  return (
    <>
      <Field {...field('grader')} label="Βαθμολόγηση">
        {(control) => (
          <select
            {...control}
            value={facts.grader}
            onChange={(event) => {
              // A graded card has a grade (and may have a certificate) and no raw condition, a raw
              // card the other way round.
              const grader = event.target.value;
              const nowGraded = grader !== '' && grader !== 'RAW';
              onChange({
                ...facts,
                grader,
                grade: nowGraded ? facts.grade : '',
                certNumber: nowGraded ? facts.certNumber : '',
                condition: nowGraded ? '' : facts.condition,
              });
            }}
            className={inputClass}
          >
            <option value="">—</option>
            {GRADERS.map((grader) => (
              <option key={grader} value={grader}>
                {grader === 'RAW' ? 'Raw (χωρίς βαθμολόγηση)' : grader}
              </option>
            ))}
          </select>
        )}
      </Field>
      {graded ? (
        <>
          <Field {...field('grade')} label="Βαθμός (1–10)">
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                placeholder="π.χ. 9,5"
                maxLength={4}
                value={facts.grade}
                onChange={(event) => onChange({ ...facts, grade: event.target.value })}
                className={inputClass}
              />
            )}
          </Field>
          <CertNumberField facts={facts} onChange={onChange} inputClass={inputClass} field={field} />
        </>
      ) : (
        <Field {...field('condition')} label="Κατάσταση">
          {(control) => (
            <select
              {...control}
              value={facts.condition}
              onChange={(event) => onChange({ ...facts, condition: event.target.value })}
              className={inputClass}
            >
              <option value="">—</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {CONDITION_LABELS[condition]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** A graded card's certificate number (optional): the product page links it to the grader's check. */
function CertNumberField({
  facts,
  onChange,
  inputClass,
  field,
}: Pick<GradeProps, 'facts' | 'onChange' | 'inputClass' | 'field'>) {
  const { id, error } = field('certNumber');
  return (
    <Field id={id} error={error} label="Αριθμός πιστοποίησης (προαιρετικό)" describedBy={`${id}-hint`}>
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="π.χ. 12345678"
            // Room for the spaces a pasted number may hold; a number too long gets the rule's message,
            // not a silent cut.
            maxLength={2 * CERT_NUMBER_MAX}
            value={facts.certNumber}
            onChange={(event) => onChange({ ...facts, certNumber: event.target.value })}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            Όπως τον γράφει η ετικέτα της θήκης· η σελίδα του προϊόντος τον συνδέει με την επαλήθευση της
            εταιρείας.
          </p>
        </>
      )}
    </Field>
  );
}
