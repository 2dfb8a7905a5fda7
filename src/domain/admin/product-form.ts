import { type CardFacts, EMPTY_FACTS, type FactFields } from '../card-facts/facts.ts';
import { parseFactFields } from '../card-facts/schema.ts';
import type { Category } from '../catalog/category.ts';
import { parseAdminPrice } from '../catalog/price-input.ts';
import { PRODUCT_INPUT_MESSAGES } from '../catalog/product.ts';
import type { ProductKind } from '../catalog/product-kind.ts';

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
  compareAtRequired: 'Η αρχική τιμή είναι υποχρεωτική για προϊόν σε προσφορά.',
  compareAtFormat: 'Η αρχική τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.',
  compareAtNotAbove: PRODUCT_INPUT_MESSAGES.compareAtNotAbove,
  offerCardsOnly: 'Σε προσφορά μπαίνουν μόνο κάρτες.',
} as const;

export const MAX_PRODUCT_IMAGES = 2;

export type ProductFormValues = {
  /** Card, mystery pack or LOT (decision 089): the spec's rules are the cards' rules. */
  kind: ProductKind;
  title: string;
  /** Text with a decimal comma, as typed: '1,50'. */
  price: string;
  /** On /offers (cards only): tagged 'offer', with the old price below. */
  offer: boolean;
  /** The price before the offer, as typed; empty for none. */
  compareAt: string;
  /** The team; a pack or a LOT may have none. */
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
  kind: ProductKind;
  title: string;
  priceCents: number;
  offer: boolean;
  compareAtCents: number | null;
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
  /** Already on offer when the edit began: an offer from before decision 089 may lack an old price. */
  wasOffer = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = values.title.trim();
  const card = values.kind === 'card';
  if (card && !values.team) errors.team = PRODUCT_FORM_MESSAGES.teamRequired;
  if (values.price.trim() === '') errors.price = PRODUCT_FORM_MESSAGES.priceRequired;
  else if (parseAdminPrice(values.price) === null) errors.price = PRODUCT_FORM_MESSAGES.priceFormat;
  // The spec asks for a title on creation; an edit may not blank it either. Only a card must name
  // a player of its team: a pack or a LOT is named as the owner likes (decision 089).
  if (title === '') errors.title = PRODUCT_FORM_MESSAGES.titleRequired;
  else if (card && values.team && !titleNamesPlayer(title, playersOfTeam(categories, values.team))) {
    errors.title = PRODUCT_FORM_MESSAGES.titlePlayer;
  }
  if (values.offer && !card) errors.offer = PRODUCT_FORM_MESSAGES.offerCardsOnly;
  const compareAt = compareAtError(values, wasOffer);
  if (compareAt) errors.compareAt = compareAt;
  if (values.quantity.trim() !== '' && !/^\d{1,7}$/.test(values.quantity.trim()))
    errors.quantity = PRODUCT_FORM_MESSAGES.stockFormat;
  if (values.mediaIds.length > MAX_PRODUCT_IMAGES) errors.images = PRODUCT_FORM_MESSAGES.tooManyImages;
  // Card facts: the same schema and messages as the port, under 'facts.<field>'.
  const facts = parseFactFields(values.facts);
  if (!facts.ok)
    for (const [field, message] of Object.entries(facts.errors)) errors[`facts.${field}`] = message;
  return errors;
}

function compareAtError(values: ProductFormValues, wasOffer: boolean): string | null {
  const typed = values.compareAt.trim();
  if (typed === '') return values.offer && !wasOffer ? PRODUCT_FORM_MESSAGES.compareAtRequired : null;
  const cents = parseAdminPrice(typed);
  if (cents === null) return PRODUCT_FORM_MESSAGES.compareAtFormat;
  const price = parseAdminPrice(values.price);
  return price !== null && cents <= price ? PRODUCT_FORM_MESSAGES.compareAtNotAbove : null;
}

/** The values as the server stores them; call only when validateProductForm found nothing. */
export function toValidProduct(values: ProductFormValues): ValidProduct {
  return {
    kind: values.kind,
    title: values.title.trim(),
    priceCents: parseAdminPrice(values.price) ?? 0,
    offer: values.offer,
    compareAtCents: values.compareAt.trim() === '' ? null : parseAdminPrice(values.compareAt),
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
