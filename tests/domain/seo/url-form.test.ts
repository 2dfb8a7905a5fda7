import { describe, expect, it } from 'vitest';
import { canonicalPathname, redirectTarget, sameAddressOnSite } from '../../../src/domain/seo/url-form.ts';
import { OFF_SITE_PATHS } from '../../fixtures/off-site-paths.ts';

describe('canonicalPathname', () => {
  it('drops trailing slashes and index.html, keeps the root and the encoding', () => {
    expect(canonicalPathname('/singles/')).toBe('/singles');
    expect(canonicalPathname('/singles//')).toBe('/singles');
    expect(canonicalPathname('/')).toBe('/');
    expect(canonicalPathname('/index.html')).toBe('/');
    expect(canonicalPathname('/player/A/B%20%26%20C/index.html')).toBe('/player/A/B%20%26%20C');
    expect(canonicalPathname('/player/%CE%91')).toBe('/player/%CE%91');
  });
});

describe('redirectTarget', () => {
  it('answers null for URLs in the one form', () => {
    for (const url of [
      '/',
      '/singles',
      '/singles?category=NBA',
      "/player/Shaquille%20O'Neal/Orlando%20Magic",
    ])
      expect(redirectTarget(url)).toBeNull();
  });

  it('sends every other form to it in one step, query kept', () => {
    expect(redirectTarget('/singles/?category=NBA')).toBe('/singles?category=NBA');
    expect(redirectTarget('/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion/')).toBe(
      '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
    );
    expect(redirectTarget('/player/%CE%93%CE%B9%CE%AC%CE%BD%CE%BD%CE%B7%CF%82/')).toBe(
      '/player/%CE%93%CE%B9%CE%AC%CE%BD%CE%BD%CE%B7%CF%82',
    );
    for (const url of ['/a/', '/a/index.html', '/x/y//?q=1']) {
      const target = redirectTarget(url) ?? '';
      expect(redirectTarget(target), `${url} -> ${target}`).toBeNull();
    }
  });

  it('never points at another host, whatever mix of slashes, backslashes and their encodings', () => {
    expect(redirectTarget('//evil.example/')).toBe('/evil.example');
    expect(redirectTarget('///evil.example')).toBe('/evil.example');
    expect(redirectTarget('/\\evil.example/')).toBe('/evil.example');
    const base = 'http://shop.invalid';
    for (const url of OFF_SITE_PATHS) {
      const target = redirectTarget(url);
      if (target === null) continue;
      expect(new URL(target, base).origin, `${url} -> ${target}`).toBe(base);
      expect(redirectTarget(target), `${url} -> ${target} redirects again`).toBeNull();
    }
  });
});

describe('sameAddressOnSite', () => {
  it('keeps a path on this site as it was sent, query and encoding included', () => {
    for (const url of [
      '/',
      '/singles?category=NBA&page=2',
      '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
    ])
      expect(sameAddressOnSite(url)).toBe(url);
  });

  it('sends anything a browser could read as another host, or not a path, to the home page', () => {
    for (const url of [
      '//evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'http://evil.example/',
      '',
    ])
      expect(sameAddressOnSite(url), url).toBe('/');
    const base = 'http://shop.invalid';
    for (const url of OFF_SITE_PATHS) expect(new URL(sameAddressOnSite(url), base).origin, url).toBe(base);
  });
});
