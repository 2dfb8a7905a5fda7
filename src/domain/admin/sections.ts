/**
 * The dashboard's sections, in the navigation's order. Each opens at its own address, so a reload
 * or a link lands on it; the overview is the dashboard's entry, /admin-dashboard itself.
 */
export const DASHBOARD_PATH = '/admin-dashboard';

export const ADMIN_SECTIONS = [
  { slug: 'overview', label: 'Επισκόπηση' },
  { slug: 'products', label: 'Προϊόντα' },
  { slug: 'orders', label: 'Παραγγελίες' },
  { slug: 'customers', label: 'Πελάτες' },
  { slug: 'players', label: 'Παίκτες' },
  { slug: 'messages', label: 'Μηνύματα' },
  { slug: 'mail', label: 'Email' },
  { slug: 'csv', label: 'Κατάλογος CSV' },
  { slug: 'storefront', label: 'Κατάσταση καταστήματος' },
  { slug: 'settings', label: 'Ρυθμίσεις' },
  { slug: 'account', label: 'Λογαριασμός' },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionSlug = AdminSection['slug'];

/** The section's address: the overview is the dashboard's entry, the others live under it. */
export function sectionPath(slug: AdminSectionSlug): string {
  return slug === 'overview' ? DASHBOARD_PATH : `${DASHBOARD_PATH}/${slug}`;
}

export function adminSection(slug: AdminSectionSlug): AdminSection {
  const section = ADMIN_SECTIONS.find((candidate) => candidate.slug === slug);
  if (!section) throw new Error(`no dashboard section ${slug}`);
  return section;
}
