// The pre-rendered pages were rendered at build time with the default company details
// (shared/company.ts). When the office has changed them, each page is served with the new values put
// where the defaults were, and a JSON data block holding them: the app reads it before it hydrates,
// so it renders exactly the markup served and hydration matches (no rebuild, no extra request).
import { areasText, COMPANY_DATA_ID, COMPANY_DEFAULTS, telHref, type Company } from '@shared/company';

/** React's escaping of text and attribute values, so a rewritten page is what React would render. */
const escapeLikeReact = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/** Every form a company value is written in on a pre-rendered page (pwa/src), default → current. */
function forms(c: Company): Array<[string, string]> {
  const mapQuery = (x: Company) => encodeURIComponent(`${x.name}, ${x.address}`);
  const d = COMPANY_DEFAULTS;
  const pairs: Array<[string, string]> = [
    [mapQuery(d), mapQuery(c)],
    [telHref(d.phone), telHref(c.phone)],
    [d.email, c.email],
    [d.address, c.address],
    [d.officeHours, c.officeHours],
    [areasText(d), areasText(c)],
    [d.phone, c.phone],
    [d.name, c.name],
    [d.clients, c.clients],
    [d.satisfaction, c.satisfaction],
    [d.response, c.response],
    [d.founded, c.founded],
  ];
  return pairs
    .filter(([from, to]) => from !== to)
    .map(([from, to]): [string, string] => [escapeLikeReact(from), escapeLikeReact(to)])
    .sort((a, b) => b[0].length - a[0].length);
}

/**
 * One pass over `text`: at each position the longest default found is replaced, and the text put in
 * is never looked at again (a new value holding a default is left as it is). Pieces are joined, never
 * passed to String.replace, where `$&` and the like in a value would expand.
 */
function rewrite(text: string, pairs: Array<[string, string]>): string {
  if (!pairs.length) return text;
  const firsts = new Set(pairs.map(([from]) => from[0]));
  const out: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    if (!firsts.has(text[i]!)) continue;
    const hit = pairs.find(([from]) => text.startsWith(from, i));
    if (!hit) continue;
    out.push(text.slice(last, i), hit[1]);
    i += hit[0].length - 1;
    last = i + 1;
  }
  out.push(text.slice(last));
  return out.join('');
}

/** Rewrites the part of `html` between `open` and the first `close` after it, if present. */
function rewriteBetween(html: string, open: string, close: string, pairs: Array<[string, string]>): string {
  const start = html.indexOf(open);
  if (start < 0) return html;
  const from = start + open.length;
  const end = html.indexOf(close, from);
  if (end < 0) return html;
  return html.slice(0, from) + rewrite(html.slice(from, end), pairs) + html.slice(end);
}

/**
 * The page with the company's details: its title, description, the markup in #root and the
 * <noscript> note. Styles, scripts and links are left alone (a hashed file name could hold "2020").
 */
export function pageForCompany(html: string, company: Company): string {
  const pairs = forms(company);
  let page = rewriteBetween(html, '<title>', '</title>', pairs);
  page = rewriteBetween(page, '<meta name="description" content="', '"', pairs);
  page = rewriteBetween(page, '<div id="root">', '</body>', pairs);
  // `<` escaped, so no value can close the block. A data block is not run, so the CSP allows it.
  const block = `<script type="application/json" id="${COMPANY_DATA_ID}">${JSON.stringify(company).replaceAll('<', '\\u003c')}</script>\n`;
  const at = page.lastIndexOf('</body>');
  return at < 0 ? page + block : page.slice(0, at) + block + page.slice(at);
}
