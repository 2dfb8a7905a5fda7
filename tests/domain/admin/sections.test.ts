import { describe, expect, it } from 'vitest';
import {
  ADMIN_SECTIONS,
  adminSection,
  DASHBOARD_PATH,
  sectionPath,
} from '../../../src/domain/admin/sections.ts';

describe('the dashboard sections', () => {
  it('start with the overview, at the dashboard entry, and give every other one an address under it', () => {
    expect(ADMIN_SECTIONS[0]?.slug).toBe('overview');
    expect(sectionPath('overview')).toBe(DASHBOARD_PATH);
    expect(ADMIN_SECTIONS.map((section) => sectionPath(section.slug))).toEqual([
      '/admin-dashboard',
      '/admin-dashboard/products',
      '/admin-dashboard/orders',
      '/admin-dashboard/customers',
      '/admin-dashboard/players',
      '/admin-dashboard/messages',
      '/admin-dashboard/mail',
      '/admin-dashboard/csv',
      '/admin-dashboard/storefront',
      '/admin-dashboard/settings',
      '/admin-dashboard/account',
    ]);
  });

  it('have one slug and one label each, and never take the packing slips page address', () => {
    const slugs = ADMIN_SECTIONS.map((section) => section.slug);
    const labels = ADMIN_SECTIONS.map((section) => section.label);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(labels).size).toBe(labels.length);
    expect(slugs).not.toContain('packing-slips');
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+$/);
  });

  it('are found by slug', () => {
    expect(adminSection('orders')).toEqual({ slug: 'orders', label: 'Παραγγελίες' });
  });
});
