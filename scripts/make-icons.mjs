// Draws the web app manifest's PNG icons from the brand mark (web/public/favicon.svg) in Chromium, so
// the PNGs never drift from the SVG: `node scripts/make-icons.mjs` after changing the mark, then commit
// web/public/icons/. The maskable icon is the mark on a full square tile, kept inside the middle 80%
// that every platform's mask leaves visible.
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../web/public/favicon.svg', import.meta.url), 'utf8');
const out = (name) => new URL(`../web/public/icons/${name}`, import.meta.url).pathname;
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
const icons = [
  { name: 'icon-192.png', size: 192, maskable: false },
  { name: 'icon-512.png', size: 512, maskable: false },
  { name: 'icon-maskable-512.png', size: 512, maskable: true },
];
for (const { name, size, maskable } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const mark = maskable
    ? `<div style="width:100%;height:100%;background:#0b1020;display:grid;place-items:center"><div style="width:70%;height:70%">${svg}</div></div>`
    : svg;
  await page.setContent(
    `<style>html,body{margin:0;width:100%;height:100%;background:transparent}svg{display:block;width:100%;height:100%}</style>${mark}`,
  );
  await page.screenshot({ path: out(name), omitBackground: true });
  console.log(`wrote ${out(name)}`);
}
await browser.close();
