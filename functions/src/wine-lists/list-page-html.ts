/**
 * The guest's list page as one HTML document: what a guest's phone opens from the QR code. Plain
 * semantic HTML with its CSS inline and no script, so it reads before (and without) any JavaScript; the
 * app's richer view of the same list is one link away. Everything from the list is escaped.
 */
import type { Locale, PrintedPrice, PublicWineList, PublicWineListWine } from '@kork/shared';
import { LIST_PAGE_TEXT, type ListPageText } from './list-page-text';

/** The guest's address of a list: short, for the QR code. */
export function listPagePath(listId: string): string {
  return `/l/${encodeURIComponent(listId)}`;
}

/** The app's view of the same list (theme, embedding, the owner's tools). */
export function listAppPath(listId: string): string {
  return `/wine-list/${encodeURIComponent(listId)}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** System fonts only: no font file stands between the guest and the first paint. */
const CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fbf8f4;color:#1d1b1a}
@media (prefers-color-scheme:dark){body{background:#171314;color:#f3eee9}a{color:#f0b6c3}.muted{color:#c9bfb8}nav a{border-color:#5b4a4e}}
a{color:#7b2236}
.page{max-width:46rem;margin:0 auto;padding:1rem}
header{padding:.5rem 0 1rem}
.restaurant{margin:0;font-size:1rem;font-weight:600}
.logo{display:block;height:48px;width:auto;max-width:100%;margin-bottom:.5rem}
h1{margin:.25rem 0 .5rem;font-size:2rem;line-height:1.15;overflow-wrap:anywhere}
h2{margin:1.75rem 0 .5rem;font-size:1.4rem;overflow-wrap:anywhere}
h3{margin:1.25rem 0 .25rem;font-size:1.15rem;overflow-wrap:anywhere}
nav ul,.wines{list-style:none;margin:0;padding:0}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem}
nav a{display:inline-block;padding:.35rem .75rem;border:1px solid #d8ccc4;border-radius:999px;text-decoration:none;font-size:1rem}
.wines li{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;border-bottom:1px solid rgba(128,128,128,.25)}
.wine{min-width:0}
.wine p{margin:0;overflow-wrap:anywhere}
.name{font-weight:600}
.muted{color:#5e5550;font-size:1rem}
.prices{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.prices p{margin:0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
footer{margin-top:2rem;padding-top:1rem;border-top:1px solid rgba(128,128,128,.35);font-size:1rem}
footer p{margin:.5rem 0}`;

function priceText(price: PrintedPrice | undefined, text: ListPageText): string | undefined {
  if (!price || price.kind === 'none') return undefined;
  if (price.kind === 'text') return escapeHtml(price.text);
  const count = Math.max(0, Math.round(price.stars));
  return `<span aria-hidden="true">${'★'.repeat(count)}</span><span class="sr">${escapeHtml(text.stars(count))}</span>`;
}

function wineItem(wine: PublicWineListWine, text: ListPageText): string {
  const title = escapeHtml(wine.vintage ? `${wine.name} ${wine.vintage}` : wine.name);
  const name = wine.wineId ? `<a href="/wines/${encodeURIComponent(wine.wineId)}">${title}</a>` : title;
  const details = [wine.producer, wine.origin, wine.bottleSize].filter(Boolean) as string[];
  const bottle = priceText(wine.printedBottlePrice, text);
  const glass = priceText(wine.printedGlassPrice, text);
  const prices = [
    glass
      ? `<p><span class="muted">${escapeHtml(text.glass(wine.glassSize))}</span> <span class="sr">${escapeHtml(text.glassPrice)}: </span>${glass}</p>`
      : '',
    bottle ? `<p><span class="sr">${escapeHtml(text.bottlePrice)}: </span>${bottle}</p>` : '',
  ].join('');
  return `<li><div class="wine"><p class="name">${name}</p>${
    details.length ? `<p class="muted">${escapeHtml(details.join(' · '))}</p>` : ''
  }</div><div class="prices">${prices}</div></li>`;
}

function sectionId(index: number): string {
  return `s${index}`;
}

/** The whole page of a public list in `locale`. */
export function listPageHtml(list: PublicWineList, locale: Locale): string {
  const text = LIST_PAGE_TEXT[locale];
  const other: Locale = locale === 'nb' ? 'en' : 'nb';
  const self = listPagePath(list.id);
  const sections = list.sections.filter((section) => section.wines.length > 0 || section.level === 0);
  const top = sections
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => section.level === 0 && section.name);
  const nav =
    top.length > 1
      ? `<nav aria-label="${escapeHtml(text.sections)}"><ul>${top
          .map(
            ({ section, index }) => `<li><a href="#${sectionId(index)}">${escapeHtml(section.name)}</a></li>`,
          )
          .join('')}</ul></nav>`
      : '';
  const body = sections.some((section) => section.wines.length > 0)
    ? sections
        .map((section, index) => {
          const heading = section.level === 0 ? 'h2' : 'h3';
          const wines = section.wines.length
            ? `<ul class="wines">${section.wines.map((wine) => wineItem(wine, text)).join('')}</ul>`
            : '';
          // The wines outside every category come under no heading.
          if (!section.name) return `<section id="${sectionId(index)}">${wines}</section>`;
          return `<section id="${sectionId(index)}" aria-labelledby="${sectionId(index)}h"><${heading} id="${sectionId(index)}h">${escapeHtml(section.name)}</${heading}>${wines}</section>`;
        })
        .join('')
    : `<p>${escapeHtml(text.empty)}</p>`;
  const restaurant = escapeHtml(list.restaurant.name);
  const logo = list.logoUrl
    ? `<img class="logo" src="${escapeHtml(list.logoUrl)}" alt="${escapeHtml(text.logo(list.restaurant.name))}" height="48" decoding="async">`
    : '';
  const links = [
    list.restaurant.bookingUrl
      ? `<a href="${escapeHtml(list.restaurant.bookingUrl)}" rel="noopener">${escapeHtml(text.booking)}</a>`
      : '',
    list.restaurant.menuUrl
      ? `<a href="${escapeHtml(list.restaurant.menuUrl)}" rel="noopener">${escapeHtml(text.menu)}</a>`
      : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(list.name)} — ${restaurant}</title>
<meta name="description" content="${escapeHtml(`${list.name} — ${list.restaurant.name}`)}">
<link rel="alternate" hreflang="${other}" href="${self}?lang=${other}">
<style>${CSS}</style></head>
<body><div class="page"><header>${logo}<p class="restaurant">${restaurant}</p><h1>${escapeHtml(list.name)}</h1>${
    list.headerText ? `<p>${escapeHtml(list.headerText)}</p>` : ''
  }${links.length ? `<p>${links.join(' · ')}</p>` : ''}${nav}</header>
<main>${body}</main>
<footer>${list.footnote ? `<p>${escapeHtml(list.footnote)}</p>` : ''}<p><a href="${listAppPath(list.id)}">${escapeHtml(text.openApp)}</a></p><p><a href="${self}?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(text.otherLanguage)}</a> · ${escapeHtml(text.madeWith)}</p></footer>
</div></body></html>
`;
}

/** What a guest sees for a list that is private, deleted or never was. */
export function listNotFoundHtml(locale: Locale): string {
  const text = LIST_PAGE_TEXT[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(text.notFoundTitle)}</title><style>${CSS}</style></head>
<body><div class="page"><main><h1>${escapeHtml(text.notFoundTitle)}</h1><p>${escapeHtml(text.notFoundText)}</p><p><a href="/feed">${escapeHtml(text.toFeed)}</a></p></main></div></body></html>
`;
}
