import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { BULK_LIMITS, BULK_MESSAGES, type BulkAction } from '../../domain/admin/bulk-actions.ts';

/** The bulk actions that ask a number first: the discount of an offer, or the new stock. */
export type BulkQuestion = 'offer' | 'stock';

/** A whole number typed in the bar, within bounds; null otherwise. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * The bulk bar's question: which number it asks (if any), what is typed for each (kept while the
 * question closes and opens again), the problem with it, and its answer sent as an action.
 */
export function useBulkQuestion(count: number, onRun: (action: BulkAction) => void) {
  const [asking, setAsking] = useState<BulkQuestion | null>(null);
  const [percent, setPercent] = useState('20');
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (asking) input.current?.focus();
  }, [asking]);

  // The selection went (a new page, an action done): a question about it goes too.
  if (count === 0 && asking) setAsking(null);

  const ask = (what: BulkQuestion | null) => {
    setAsking(what);
    setProblem('');
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (asking === 'offer') {
      const value = wholeNumber(percent, BULK_LIMITS.percent.min, BULK_LIMITS.percent.max);
      if (value === null) return setProblem(BULK_MESSAGES.percent);
      onRun({ action: 'offer-on', percent: value });
    } else {
      const value = wholeNumber(quantity, BULK_LIMITS.quantity.min, BULK_LIMITS.quantity.max);
      if (value === null) return setProblem(BULK_MESSAGES.quantity);
      onRun({ action: 'stock', quantity: value });
    }
    ask(null);
  };

  const value = asking === 'offer' ? percent : quantity;
  const setValue = (text: string) => (asking === 'offer' ? setPercent(text) : setQuantity(text));

  return { asking, ask, value, setValue, problem, input, submit };
}
