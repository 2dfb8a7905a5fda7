import { atom } from 'nanostores';

/** Success messages vanish after 3 seconds (spec sections 4 and 9). */
export const SUCCESS_MS = 3_000;

/** The dashboard's success banner; `id` changes with every message, even the same text again. */
export type Success = { id: number; text: string };

export const $success = atom<Success | null>(null);

let shown = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a message in place of any still on screen, for another 3 seconds. */
export function showSuccess(text: string): void {
  shown += 1;
  $success.set({ id: shown, text });
  clearTimeout(timer);
  timer = setTimeout(clearSuccess, SUCCESS_MS);
}

export function clearSuccess(): void {
  clearTimeout(timer);
  $success.set(null);
}
