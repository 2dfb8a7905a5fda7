import { createContext, type ReactNode, type Ref, useContext, useEffect, useId, useState } from 'react';

/**
 * The looks the dashboard's collapsible parts have: `card` for its sections, `bar` for the orders
 * (a full-width header bar over a bordered body), `form` for the product form under the list.
 */
const LOOKS = {
  card: {
    section: 'rounded-card border border-line p-4 shadow-card',
    heading: 'text-lg font-bold',
    button: 'flex min-h-11 w-full items-center justify-between gap-2 text-left',
    marker: '›',
    turned: 'rotate-90',
    body: 'mt-4 grid gap-6',
  },
  bar: {
    section: 'rounded-card border border-line shadow-card',
    heading: undefined,
    button:
      'flex min-h-12 w-full items-center justify-between gap-3 rounded-card px-4 text-left text-lg font-bold hover:bg-mist',
    marker: '›',
    turned: 'rotate-90',
    body: 'grid gap-4 border-t border-line p-4',
  },
  form: {
    section: 'rounded-card border border-line bg-paper shadow-card',
    heading: 'm-0',
    button: 'flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left text-lg font-bold',
    marker: '▾',
    turned: 'rotate-180',
    body: 'border-t border-line px-4 py-4',
  },
} as const;

/** Set around the one section a dashboard page shows (its own address): that section is shown open. */
const ShownAloneContext = createContext(false);

/** Wraps a dashboard page's section: its top-level (h2) Section shows open, with a plain heading. */
export function ShownAlone({ children }: { children: ReactNode }) {
  return <ShownAloneContext.Provider value={true}>{children}</ShownAloneContext.Provider>;
}

/** A section on a page of its own: no card around it (the page is one), the page's heading size. */
const ALONE = {
  section: 'grid gap-4',
  heading: 'flex flex-wrap items-center gap-2 text-xl font-bold',
  body: 'grid gap-6',
} as const;

type Props = {
  /** The heading's text, also the section's name and the toggle's. */
  title: ReactNode;
  /** h2 for the dashboard's sections, h3 for a part inside one. */
  level?: 2 | 3;
  look?: keyof typeof LOOKS;
  /** Controlled when given; otherwise the section keeps its own state, closed at first. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  /** Replaces the look's body classes (its spacing). */
  bodyClassName?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
};

/**
 * A collapsible section: its heading holds the toggle (aria-expanded, aria-controls), and a closed
 * body is hidden but kept, so what was typed in it stays. Inside `ShownAlone` a top-level section
 * is open for good, with no toggle; parts inside it collapse as usual.
 */
export default function Section({
  title,
  level = 2,
  look = 'card',
  open,
  onToggle,
  bodyClassName,
  ref,
  children,
}: Props) {
  const ids = useId();
  const [own, setOwn] = useState(false);
  const alone = useContext(ShownAloneContext) && level === 2;
  const shown = open ?? own;
  const style = LOOKS[look];
  const Heading = level === 2 ? 'h2' : 'h3';

  // An owner that holds the open state (and reads its data only when open) is told it is open.
  useEffect(() => {
    if (alone && open === false) onToggle?.(true);
  }, [alone, open, onToggle]);

  if (alone) {
    return (
      <section ref={ref} aria-labelledby={`${ids}-title`} className={ALONE.section}>
        <Heading id={`${ids}-title`} className={ALONE.heading}>
          {title}
        </Heading>
        <div className={bodyClassName ?? ALONE.body}>
          <ShownAloneContext.Provider value={false}>{children}</ShownAloneContext.Provider>
        </div>
      </section>
    );
  }

  const toggle = () => {
    setOwn(!shown);
    onToggle?.(!shown);
  };

  return (
    <section ref={ref} aria-labelledby={`${ids}-title`} className={style.section}>
      <Heading id={`${ids}-title`} className={style.heading}>
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={`${ids}-body`}
          onClick={toggle}
          className={style.button}
        >
          {title}
          <span aria-hidden="true" className={`transition-transform ${shown ? style.turned : ''}`}>
            {style.marker}
          </span>
        </button>
      </Heading>
      <div id={`${ids}-body`} hidden={!shown} className={bodyClassName ?? style.body}>
        {children}
      </div>
    </section>
  );
}
