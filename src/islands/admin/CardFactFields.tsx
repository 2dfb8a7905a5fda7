import type { ReactNode } from 'react';
import {
  CONDITION_LABELS,
  CONDITIONS,
  type FactFieldName,
  type FactFields,
  GRADERS,
  MANUFACTURERS,
} from '../../domain/card-facts/facts.ts';

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
export default function CardFactFields({ facts, onChange, errors, fieldId, inputClass }: Props) {
  const set = <K extends FactFieldName>(name: K, value: FactFields[K]) =>
    onChange({ ...facts, [name]: value });
  const errorProps = (name: FactFieldName) =>
    errors[`facts.${name}`]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(`facts.${name}`)}-error` }
      : { 'aria-invalid': undefined };
  const errorText = (name: FactFieldName) =>
    errors[`facts.${name}`] ? (
      <p id={`${fieldId(`facts.${name}`)}-error`} className="mt-1 text-sm text-danger">
        {errors[`facts.${name}`]}
      </p>
    ) : null;
  const labelled = (name: FactFieldName, label: string, control: ReactNode) => (
    <div>
      <label htmlFor={fieldId(`facts.${name}`)} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {control}
      {errorText(name)}
    </div>
  );
  const graded = facts.grader !== '' && facts.grader !== 'RAW';

  return (
    <fieldset className="grid gap-4 rounded-md border border-line p-4 md:col-span-2 md:grid-cols-2">
      <legend className="px-1 text-sm font-bold">Στοιχεία κάρτας (προαιρετικά)</legend>
      <datalist id={fieldId('makers')}>
        {MANUFACTURERS.map((maker) => (
          <option key={maker} value={maker} />
        ))}
      </datalist>
      {TEXT_FIELDS.map((field) =>
        labelled(
          field.name,
          field.label,
          <input
            id={fieldId(`facts.${field.name}`)}
            type="text"
            list={field.list ? fieldId(field.list) : undefined}
            placeholder={field.placeholder}
            maxLength={field.name === 'year' || field.name === 'serial' ? 20 : 120}
            value={facts[field.name] as string}
            onChange={(event) => set(field.name, event.target.value)}
            className={inputClass}
            {...errorProps(field.name)}
          />,
        ),
      )}
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
      {labelled(
        'grader',
        'Βαθμολόγηση',
        <select
          id={fieldId('facts.grader')}
          value={facts.grader}
          onChange={(event) => {
            // A graded card has a grade and no raw condition, a raw card the other way round.
            const grader = event.target.value;
            const nowGraded = grader !== '' && grader !== 'RAW';
            onChange({
              ...facts,
              grader,
              grade: nowGraded ? facts.grade : '',
              condition: nowGraded ? '' : facts.condition,
            });
          }}
          className={inputClass}
          {...errorProps('grader')}
        >
          <option value="">—</option>
          {GRADERS.map((grader) => (
            <option key={grader} value={grader}>
              {grader === 'RAW' ? 'Raw (χωρίς βαθμολόγηση)' : grader}
            </option>
          ))}
        </select>,
      )}
      {graded
        ? labelled(
            'grade',
            'Βαθμός (1–10)',
            <input
              id={fieldId('facts.grade')}
              type="text"
              inputMode="decimal"
              placeholder="π.χ. 9,5"
              maxLength={4}
              value={facts.grade}
              onChange={(event) => set('grade', event.target.value)}
              className={inputClass}
              {...errorProps('grade')}
            />,
          )
        : labelled(
            'condition',
            'Κατάσταση',
            <select
              id={fieldId('facts.condition')}
              value={facts.condition}
              onChange={(event) => set('condition', event.target.value)}
              className={inputClass}
              {...errorProps('condition')}
            >
              <option value="">—</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {CONDITION_LABELS[condition]}
                </option>
              ))}
            </select>,
          )}
    </fieldset>
  );
}
