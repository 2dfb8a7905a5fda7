import { describe, expect, it } from 'vitest';
import { LOGIN_PATH, loginPath, returnPath, returnPathOf } from '../../../src/domain/admin/return-path.ts';

describe('returnPath', () => {
  it('keeps a dashboard path and its query', () => {
    expect(returnPath('/admin-dashboard/orders')).toBe('/admin-dashboard/orders');
    expect(returnPath('/admin-dashboard')).toBe('/admin-dashboard');
    expect(returnPath('/admin-dashboard/packing-slips?ids=a,b')).toBe(
      '/admin-dashboard/packing-slips?ids=a,b',
    );
  });

  it('drops the fragment', () => {
    expect(returnPath('/admin-dashboard/settings#top')).toBe('/admin-dashboard/settings');
  });

  it('sends anything that is not a dashboard path of this site to the dashboard entry', () => {
    for (const asked of [
      null,
      undefined,
      '',
      'https://evil.example/admin-dashboard',
      '//evil.example/admin-dashboard',
      '/\\evil.example/admin-dashboard',
      '/\t/evil.example',
      'javascript:alert(1)',
      'admin-dashboard/orders',
      '/admin-dashboardx',
      '/admin-login',
      '/',
      '/admin-dashboard/../cart',
      '/admin-dashboard/%2e%2e/cart',
      `/admin-dashboard/${'a'.repeat(3000)}`,
    ]) {
      expect(returnPath(asked), String(asked)).toBe('/admin-dashboard');
    }
  });
});

describe('loginPath', () => {
  it('names the section asked for, and nothing for the dashboard entry', () => {
    expect(loginPath('/admin-dashboard/orders')).toBe(`${LOGIN_PATH}?next=%2Fadmin-dashboard%2Forders`);
    expect(loginPath('/admin-dashboard')).toBe(LOGIN_PATH);
    expect(loginPath('/elsewhere')).toBe(LOGIN_PATH);
  });

  it('round-trips through the sign-in page query', () => {
    const asked = '/admin-dashboard/packing-slips?ids=gid%3A%2F%2Fshop%2FOrder%2F1';
    const login = new URL(loginPath(asked), 'http://localhost');
    expect(login.pathname).toBe(LOGIN_PATH);
    expect(returnPathOf(login.search)).toBe(asked);
  });
});

describe('returnPathOf', () => {
  it('reads next from the query and refuses an outside address', () => {
    expect(returnPathOf('?next=%2Fadmin-dashboard%2Fmail')).toBe('/admin-dashboard/mail');
    expect(returnPathOf('?next=https%3A%2F%2Fevil.example%2F')).toBe('/admin-dashboard');
    expect(returnPathOf('')).toBe('/admin-dashboard');
  });
});
