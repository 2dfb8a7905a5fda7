/** Athens time, as the owner reads it. */
const when = new Intl.DateTimeFormat('el-GR', { timeStyle: 'short', timeZone: 'Europe/Athens' });

/**
 * The mail with a "forgotten password" link (decision 083): the link, until when it works, that it
 * works once and signs every device out, and what to do if the owner did not ask for it.
 */
export function passwordResetMail(link: string, expiresAt: Date): { subject: string; text: string } {
  return {
    subject: 'Νέος κωδικός για τον λογαριασμό διαχειριστή',
    text: [
      'Ζητήθηκε νέος κωδικός για τον λογαριασμό διαχειριστή του καταστήματος.',
      '',
      'Ορίστε νέο κωδικό από αυτόν τον σύνδεσμο:',
      link,
      '',
      `Ο σύνδεσμος ισχύει 30 λεπτά (έως τις ${when.format(expiresAt)}) και μία φορά. Με τον νέο κωδικό τερματίζονται όλες οι συνδέσεις του λογαριασμού.`,
      '',
      'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα: ο κωδικός σας δεν αλλάζει.',
    ].join('\n'),
  };
}
