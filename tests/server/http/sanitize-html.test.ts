import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../src/server/http/sanitize-html.ts';

/** Anything that could run or load something: tags, event handlers, script URLs. */
const DANGER =
  /<\s*(script|img|svg|iframe|style|object|embed|math|form|input)|\son\w+\s*=|javascript:|data:|style=/i;

const payloads = [
  '<script>alert(1)</script>',
  '<p>ok<script src="https://evil.example/x.js"></script></p>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="  JaVaScRiPt:alert(1)">klik</a>',
  '<a href="java&#x09;script:alert(1)">klik</a>',
  '<a href="&#106;avascript:alert(1)">klik</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="background:url(javascript:alert(1))" class="x" onclick="alert(1)">text</p>',
  '<style>body{display:none}</style>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p><b><i>unclosed <a href="javascript:alert(1)" onmouseover="alert(1)">x',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="javascript:alert(1)"></object><embed src="x">',
  '<form action="javascript:alert(1)"><input autofocus onfocus="alert(1)"></form>',
  '<div onpointerenter="alert(1)">x</div>',
];

describe('sanitizeDescription', () => {
  it.each(payloads)('makes %s inert', (payload) => {
    expect(sanitizeDescription(payload)).not.toMatch(DANGER);
  });

  it('drops script and style contents, not just the tags', () => {
    expect(sanitizeDescription('<p>Κάρτα<script>alert(1)</script><style>p{}</style></p>')).toBe(
      '<p>Κάρτα</p>',
    );
  });

  it('removes non-web link schemes and relative links but keeps the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/admin',
      '//evil.example',
    ]) {
      expect(sanitizeDescription(`<a href="${href}">κείμενο</a>`)).toBe(
        '<a rel="noopener noreferrer nofollow" target="_blank">κείμενο</a>',
      );
    }
  });

  it('keeps http, https and mailto links, opening in a new tab without opener or ranking', () => {
    for (const href of ['https://example.gr/a?b=1&amp;c=2', 'http://example.gr', 'mailto:info@example.gr']) {
      expect(sanitizeDescription(`<a href="${href}" target="_self" rel="opener" class="x">link</a>`)).toBe(
        `<a rel="noopener noreferrer nofollow" target="_blank" href="${href}">link</a>`,
      );
    }
  });

  it('keeps the allowed structure and drops its attributes', () => {
    const html =
      '<h2 id="t">Τίτλος</h2><h3>Υπότιτλος</h3><h4>Μικρός</h4><p class="lead" style="color:red">Κάρτα <strong>PSA 10</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u><br>νέα γραμμή</p><ul><li>ένα</li></ul><ol><li>δύο</li></ol><blockquote>απόσπασμα</blockquote>';
    expect(sanitizeDescription(html)).toBe(
      '<h2>Τίτλος</h2><h3>Υπότιτλος</h3><h4>Μικρός</h4><p>Κάρτα <strong>PSA 10</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u><br />νέα γραμμή</p><ul><li>ένα</li></ul><ol><li>δύο</li></ol><blockquote>απόσπασμα</blockquote>',
    );
  });

  it('unwraps other tags, keeping their text', () => {
    expect(sanitizeDescription('<div><span>Κάρτα</span> <h1>LeBron</h1></div>')).toBe('Κάρτα LeBron');
  });

  it('closes unclosed tags and escapes stray brackets', () => {
    expect(sanitizeDescription('<p>a <b>b')).toBe('<p>a <b>b</b></p>');
    expect(sanitizeDescription('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
  });
});
