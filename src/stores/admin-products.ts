import { atom } from 'nanostores';
import type { Sport } from '../domain/catalog/sports.ts';
import type { AdminProduct } from './admin-api.ts';
import { showSuccess } from './admin-success.ts';

/**
 * The dashboard's product management (spec 2a and 2b): the sport picked, the product in the form
 * (null = add mode) and a version the list reads its page again on. The list, the form and the
 * dashboard share these; each change is one action here.
 */
export const $sport = atom<Sport | null>(null);
export const $editing = atom<AdminProduct | null>(null);
export const $productsVersion = atom(0);

export function pickSport(sport: Sport): void {
  $sport.set(sport);
}

/** Back to the sport tiles: the sport and the form's product are forgotten. */
export function backToSports(): void {
  $sport.set(null);
  $editing.set(null);
}

/** Opens a product in the form; a new object each time, so the same product opens again. */
export function editProduct(product: AdminProduct): void {
  $editing.set({ ...product });
}

export function cancelEdit(): void {
  $editing.set(null);
}

/** The form saved: the message for 3 s, the form back to add mode, the list read again. */
export function productSaved(message: string): void {
  showSuccess(message);
  $editing.set(null);
  $productsVersion.set($productsVersion.get() + 1);
}

/** The list deleted a product; the form lets go of it if it was open there. */
export function productDeleted(message: string, product: AdminProduct): void {
  showSuccess(message);
  if ($editing.get()?.id === product.id) $editing.set(null);
}

/** The dashboard went away (sign-out, or a render error it recovers from): it starts again from the tiles. */
export function resetProducts(): void {
  backToSports();
  $productsVersion.set(0);
}
