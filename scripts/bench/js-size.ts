import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The JavaScript a pre-rendered page makes the browser load: its module scripts and the islands'
 * component and renderer modules, with every module they import statically, counted once each.
 * Sizes are gzip level 9, as a server or CDN would send them.
 */
export function pageJsGzipBytes(clientDir: string, htmlFile: string): { files: number; gzipBytes: number } {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const entries = new Set<string>();
  for (const match of html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g))
    entries.add(match[1] ?? '');
  // Inline module scripts (Astro's hoisted <script>s) import their chunks too.
  for (const match of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of staticImports(match[1] ?? ''))
      if (imported.startsWith('/_astro/')) entries.add(imported);
  }
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const file = path.join(clientDir, url);
    if (!fs.existsSync(file)) return;
    for (const imported of staticImports(fs.readFileSync(file, 'utf8'))) {
      visit(imported.startsWith('/') ? imported : path.posix.join(path.posix.dirname(url), imported));
    }
  };
  for (const entry of entries) if (entry) visit(entry);
  let gzipBytes = 0;
  for (const url of seen) {
    const file = path.join(clientDir, url);
    if (fs.existsSync(file)) gzipBytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).byteLength;
  }
  // Inline scripts count too.
  for (const match of html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)) {
    gzipBytes += zlib.gzipSync(match[1] ?? '', { level: 9 }).byteLength;
  }
  return { files: seen.size, gzipBytes };
}

function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.push(match[1] ?? '');
  }
  return found.filter(Boolean);
}

/** Every storefront page of a build with its JS size, largest first. */
export function storefrontJsSizes(outputDir: string, pages: readonly string[]) {
  const clientDir = path.join(outputDir, 'client');
  return pages
    .map((page) => {
      const htmlFile = path.join(clientDir, page === '/' ? 'index.html' : path.join(page, 'index.html'));
      return fs.existsSync(htmlFile) ? { page, ...pageJsGzipBytes(clientDir, htmlFile) } : null;
    })
    .filter((row): row is { page: string; files: number; gzipBytes: number } => row !== null)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
