/**
 * The two mails of a back-in-stock subscription (decision 087), plain text like the shop's other
 * mails. Titles are the owner's text; the outbox keeps the subject to one line.
 */

/** Asks the address's owner to confirm (double opt-in), with a way out if it was not them. */
export function confirmationMail(input: {
  productTitle: string;
  confirmLink: string;
  unsubscribeLink: string;
}): {
  subject: string;
  text: string;
} {
  return {
    subject: `Επιβεβαιώστε την ειδοποίηση για: ${input.productTitle}`,
    text: [
      `Ζητήσατε να σας ειδοποιήσουμε όταν η κάρτα «${input.productTitle}» είναι ξανά διαθέσιμη.`,
      '',
      'Επιβεβαιώστε το από αυτόν τον σύνδεσμο (ισχύει 48 ώρες):',
      input.confirmLink,
      '',
      'Θα λάβετε ένα μόνο email, όταν η κάρτα επιστρέψει. Μετά η διεύθυνσή σας διαγράφεται, και σε κάθε περίπτωση σε 6 μήνες.',
      '',
      'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα: χωρίς επιβεβαίωση η διεύθυνσή σας διαγράφεται σε 48 ώρες. Για να τη διαγράψετε τώρα:',
      input.unsubscribeLink,
    ].join('\n'),
  };
}

/** The one mail a confirmed subscriber gets: the card is back, where to buy it, how to be forgotten now. */
export function backInStockMail(input: {
  productTitle: string;
  productLink: string;
  unsubscribeLink: string;
}): {
  subject: string;
  text: string;
} {
  return {
    subject: `Ξανά διαθέσιμη: ${input.productTitle}`,
    text: [
      `Η κάρτα «${input.productTitle}» που περιμένατε είναι ξανά διαθέσιμη:`,
      input.productLink,
      '',
      'Τα κομμάτια είναι λίγα και πωλούνται με τη σειρά των παραγγελιών.',
      '',
      'Αυτό ήταν το μοναδικό email που ζητήσατε για αυτή την κάρτα· δεν θα λάβετε άλλο, και η διεύθυνσή σας διαγράφεται μέσα σε 7 ημέρες. Για να διαγραφεί αμέσως:',
      input.unsubscribeLink,
    ].join('\n'),
  };
}
