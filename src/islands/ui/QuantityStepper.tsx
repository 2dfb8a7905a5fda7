type Props = {
  value: number;
  minusDisabled: boolean;
  plusDisabled: boolean;
  onChange: (value: number) => void;
  label: string;
};

/** Minus, the number, plus: thumb-sized buttons; the limits come from stepperState(). */
export default function QuantityStepper({ value, minusDisabled, plusDisabled, onChange, label }: Props) {
  return (
    <fieldset className="inline-flex items-center rounded-full border border-line">
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        className="grid size-11 place-items-center rounded-full text-xl disabled:opacity-40"
        aria-label="Λιγότερα"
        disabled={minusDisabled}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output
        className="min-w-8 text-center font-semibold tabular-nums"
        aria-live="polite"
        data-testid="stepper-value"
      >
        {value}
      </output>
      <button
        type="button"
        className="grid size-11 place-items-center rounded-full text-xl disabled:opacity-40"
        aria-label="Περισσότερα"
        disabled={plusDisabled}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
