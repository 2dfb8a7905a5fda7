/** Athens time, as the owner reads it. */
const when = new Intl.DateTimeFormat('el-GR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Athens',
});

/**
 * The mail an admin gets when sign-ins to the account are held back (decision 077): what
 * happened, that the browser they signed in with before still gets in, and what to do.
 */
export function signInAttackMail(email: string, ip: string, at: Date): { subject: string; text: string } {
  return {
    subject: 'Αποτυχημένες προσπάθειες σύνδεσης στον λογαριασμό διαχειριστή',
    text: [
      `Έγιναν πολλές προσπάθειες σύνδεσης με λάθος κωδικό στον λογαριασμό ${email}.`,
      `Η τελευταία: ${when.format(at)}, από τη διεύθυνση ${ip}.`,
      '',
      'Οι συνδέσεις από άγνωστες συσκευές καθυστερούν προσωρινά. Από τον browser όπου έχετε ήδη συνδεθεί συνδέεστε κανονικά.',
      '',
      'Αν ήσασταν εσείς, δεν χρειάζεται να κάνετε τίποτα. Αν όχι, ο κωδικός σας παραμένει ασφαλής όσο είναι ισχυρός και μοναδικός· μπορείτε να τον αλλάξετε από τον πίνακα ελέγχου (Λογαριασμός) ή με την εντολή:',
      `npm run admin -- reset-password ${email}`,
    ].join('\n'),
  };
}
