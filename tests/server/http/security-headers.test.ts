import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadPageCsp,
  normalisePath,
  type ResponseFacts,
  STRICT_FALLBACK_CSP,
  securityHeaders,
} from '../../../src/server/http/security-headers.ts';

const PAGE = "default-src 'self'; script-src 'self' 'sha256-aaa'; style-src 'self';";
const MENU = "default-src 'self'; script-src 'self'; style-src 'self';";
const pages = {
  byPath: new Map([
    ['/', PAGE],
    ['/admin-dashboard', PAGE],
    ['/player/LeBron James/Lakers', PAGE],
    ['/partials/singles-menu', MENU],
    ['/404', PAGE],
  ]),
  fallback: PAGE,
};

const html = (urlPath: string, extra: Partial<ResponseFacts> = {}): ResponseFacts => ({
  urlPath,
  status: 200,
  contentType: 'text/html',
  csp: undefined,
  https: false,
  ...extra,
});

describe('securityHeaders', () => {
  it('gives every response nosniff, the referrer policy, the permissions policy and COOP', () => {
    const headers = securityHeaders(html('/', { contentType: 'image/webp' }), pages);
    expect(headers).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it("sends a pre-rendered page's own hashed policy, framed only by the shop itself", () => {
    const headers = securityHeaders(html('/'), pages);
    expect(headers['content-security-policy']).toBe(`${PAGE} frame-ancestors 'self'`);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cache-control']).toBeUndefined();
  });

  it('never lets the dashboard, the sign-in or the password reset page be framed or cached', () => {
    for (const urlPath of [
      '/admin-dashboard',
      '/admin-dashboard/',
      '/admin-login',
      '/admin-reset-password',
    ]) {
      const headers = securityHeaders(html(urlPath), pages);
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cache-control']).toBe('no-store');
    }
  });

  it("prefers the page's exact policy over one another handler set, and keeps an on-demand page's own", () => {
    expect(
      securityHeaders(html('/partials/singles-menu', { csp: PAGE }), pages)['content-security-policy'],
    ).toBe(`${MENU} frame-ancestors 'self'`);
    const onDemand = "script-src 'self' 'sha256-bbb'";
    expect(securityHeaders(html('/product/x', { csp: onDemand }), pages)['content-security-policy']).toBe(
      `${onDemand}; frame-ancestors 'self'`,
    );
  });

  it('finds pre-rendered pages by their decoded path', () => {
    expect(
      securityHeaders(html('/player/LeBron%20James/Lakers/'), { ...pages, fallback: MENU })[
        'content-security-policy'
      ],
    ).toContain("'sha256-aaa'");
  });

  it('falls back to the 404 page, the most common policy, or a strict one without hashes', () => {
    expect(securityHeaders(html('/nowhere', { status: 404 }), pages)['content-security-policy']).toContain(
      PAGE,
    );
    expect(securityHeaders(html('/nowhere'), null)['content-security-policy']).toBe(
      `${STRICT_FALLBACK_CSP}; frame-ancestors 'self'`,
    );
  });

  it('keeps API answers out of every cache and every frame', () => {
    const headers = securityHeaders(html('/api/cart', { contentType: 'application/json' }), pages);
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(securityHeaders(html('/order/abc'), pages)['cache-control']).toBe('no-store');
  });

  it('lets a shared cache keep an API answer only when its route declares it public', () => {
    const json = { contentType: 'application/json' };
    const catalogue = html('/api/products', { ...json, cacheControl: 'public, max-age=0, must-revalidate' });
    expect(securityHeaders(catalogue, pages)['cache-control']).toBeUndefined();
    expect(
      securityHeaders(html('/api/cart', { ...json, cacheControl: 'no-store' }), pages)['cache-control'],
    ).toBe('no-store');
    const admin = html('/admin-dashboard', { cacheControl: 'public' });
    expect(securityHeaders(admin, pages)['cache-control']).toBe('no-store');
  });

  it('adds HSTS only when the shop is served over https', () => {
    expect(securityHeaders(html('/', { https: true }), pages)['strict-transport-security']).toBe(
      'max-age=31536000',
    );
    expect(securityHeaders(html('/'), pages)['strict-transport-security']).toBeUndefined();
  });
});

describe('loadPageCsp', () => {
  it("reads a build's _headers.json, keeping each distinct policy once", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-csp-'));
    try {
      const entry = (pathname: string, value: string) => ({
        pathname,
        headers: [{ key: 'Content-Security-Policy', value }],
      });
      fs.writeFileSync(
        path.join(dir, '_headers.json'),
        JSON.stringify([entry('/', PAGE), entry('/about-us', PAGE), entry('/partials/singles-menu', MENU)]),
      );
      const loaded = loadPageCsp(dir);
      expect(loaded?.byPath.get('/about-us')).toBe(PAGE);
      expect(loaded?.byPath.get('/partials/singles-menu')).toBe(MENU);
      expect(loaded?.fallback).toBe(PAGE);
      expect(loadPageCsp(path.join(dir, 'missing'))).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('normalises paths the way the server receives them', () => {
    expect(normalisePath('/about-us/?x=1')).toBe('/about-us');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});
