import { type CardFacts, EMPTY_FACTS, type FactFields } from '../card-facts/facts.ts';
import { parseFactFields } from '../card-facts/schema.ts';
import type { Category } from '../catalog/category.ts';
import { parseAdminPrice } from '../catalog/price-input.ts';

/** The admin product form's rules and messages (spec section 5), shared by the dashboard and the server. */
export const PRODUCT_FORM_MESSAGES = {
  teamRequired: 'Παρακαλώ επιλέξτε μία ομάδα.',
  priceRequired: 'Η τιμή είναι υποχρεωτική.',
  priceFormat: 'Η τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.',
  titlePlayer: 'Ο τίτλος πρέπει να περιέχει το όνομα ενός παίκτη από την επιλεγμένη ομάδα.',
  titleRequired: 'Το πεδίο title είναι υποχρεωτικό',
  tooManyImages: 'Μπορείτε να ανεβάσετε έως 2 εικόνες.',
  stockFormat: 'Το απόθεμα πρέπει να είναι ακέραιος αριθμός από 0 και πάνω.',
  created: 'Το προϊόν δημιουργήθηκε επιτυχώς!',
  updated: 'Το προϊόν ενημερώθηκε επιτυχώς!',
  deleted: 'Το προϊόν διαγράφηκε επιτυχώς!',
  confirmDelete: 'Είστε σίγουροι ότι θέλετε να διαγράψετε αυτό το προϊόν;',
} as const;

export const MAX_PRODUCT_IMAGES = 2;

export type ProductFormValues = {
  title: string;
  /** Text with a decimal comma, as typed: '1,50'. */
  price: string;
  team: string;
  /** Text as typed; empty means 0. */
  quantity: string;
  descriptionEnabled: boolean;
  descriptionHtml: string;
  /** Media ids in display order. */
  mediaIds: string[];
  /** Card facts as typed (all optional). */
  facts: FactFields;
};

export type ValidProduct = {
  title: string;
  priceCents: number;
  team: string;
  quantity: number;
  descriptionHtml: string;
  mediaIds: string[];
  facts: CardFacts;
};

/** Lower case without spaces, hyphens or apostrophes: how titles and player names are compared. */
export function compactName(text: string): string {
  return text.toLowerCase().replace(/[\s\-'’`]+/g, '');
}

export function playersOfTeam(categories: readonly Category[], team: string): string[] {
  for (const category of categories) {
    const found = category.teams.find((candidate) => candidate.name === team);
    if (found) return found.players.map((player) => player.name);
  }
  return [];
}

export function titleNamesPlayer(title: string, players: readonly string[]): boolean {
  const compactTitle = compactName(title);
  return players.some((player) => compactName(player) !== '' && compactTitle.includes(compactName(player)));
}

/** Field -> message for every rule the values break; empty when they are valid. */
export function validateProductForm(
  values: ProductFormValues,
  categories: readonly Category[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = values.title.trim();
  if (!values.team) errors.team = PRODUCT_FORM_MESSAGES.teamRequired;
  if (values.price.trim() === '') errors.price = PRODUCT_FORM_MESSAGES.priceRequired;
  else if (parseAdminPrice(values.price) === null) errors.price = PRODUCT_FORM_MESSAGES.priceFormat;
  // The spec asks for a title on creation; an edit may not blank it either.
  if (title === '') errors.title = PRODUCT_FORM_MESSAGES.titleRequired;
  else if (values.team && !titleNamesPlayer(title, playersOfTeam(categories, values.team))) {
    errors.title = PRODUCT_FORM_MESSAGES.titlePlayer;
  }
  if (values.quantity.trim() !== '' && !/^\d{1,7}$/.test(values.quantity.trim()))
    errors.quantity = PRODUCT_FORM_MESSAGES.stockFormat;
  if (values.mediaIds.length > MAX_PRODUCT_IMAGES) errors.images = PRODUCT_FORM_MESSAGES.tooManyImages;
  // Card facts: the same schema and messages as the port, under 'facts.<field>'.
  const facts = parseFactFields(values.facts);
  if (!facts.ok)
    for (const [field, message] of Object.entries(facts.errors)) errors[`facts.${field}`] = message;
  return errors;
}

/** The values as the server stores them; call only when validateProductForm found nothing. */
export function toValidProduct(values: ProductFormValues): ValidProduct {
  return {
    title: values.title.trim(),
    priceCents: parseAdminPrice(values.price) ?? 0,
    team: values.team.trim(),
    quantity: values.quantity.trim() === '' ? 0 : Number.parseInt(values.quantity.trim(), 10),
    descriptionHtml: values.descriptionEnabled ? values.descriptionHtml : '',
    mediaIds: [...new Set(values.mediaIds)],
    facts: (() => {
      const facts = parseFactFields(values.facts);
      return facts.ok ? facts.facts : EMPTY_FACTS;
    })(),
  };
}
