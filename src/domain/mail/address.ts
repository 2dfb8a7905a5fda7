/** 'CardVault <shop@example.com>' -> name and address; a bare address has no name. */
export function parseAddress(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] ?? '', email: match[2] ?? '' } : { name: '', email: from.trim() };
}
