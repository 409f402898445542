// Renders the app icons (PNG) from public/icons/favicon.svg with the system's Chromium:
//   npx tsx tests/bench/make-icons.ts
// "any" icons keep the rounded tile on a transparent background; maskable icons fill the whole
// square with the brand colour and keep the mark inside the central 80 % safe zone.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const iconsDir = path.join(root, 'public/icons');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BRAND = '#0b6e4f';

function html(svg: string, size: number, maskable: boolean, opaque: boolean) {
  const inner = maskable ? Math.round(size * 0.8) : size;
  // Maskable: drop the tile's own rounded background, the full-bleed square is the background.
  const mark = maskable ? svg.replace(/<rect[^>]*\/>/, '') : svg;
  const bg = maskable || opaque ? BRAND : 'transparent';
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;background:${bg};display:grid;place-items:center">
<div style="width:${inner}px;height:${inner}px">${mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`;
}

async function main() {
  const svg = await readFile(path.join(iconsDir, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
  const jobs: [string, number, boolean, boolean][] = [
    ['icon-192.png', 192, false, false],
    ['icon-512.png', 512, false, false],
    ['maskable-192.png', 192, true, true],
    ['maskable-512.png', 512, true, true],
    // iOS paints transparency black: the touch icon is an opaque square (iOS rounds it itself).
    ['apple-touch-icon.png', 180, true, true],
  ];
  try {
    for (const [name, size, maskable, opaque] of jobs) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(html(svg, size, maskable, opaque));
      const png = await page.screenshot({ omitBackground: !opaque, clip: { x: 0, y: 0, width: size, height: size } });
      await writeFile(path.join(iconsDir, name), png);
      await page.close();
      console.log(`${name}: ${size}x${size}, ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
