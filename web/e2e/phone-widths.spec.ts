import { expect, type Page, test } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import nb from '../src/i18n/nb.json' with { type: 'json' };
import {
  AUDIENCES,
  type DynamicIds,
  LANGUAGES,
  lookUpIds,
  openPage,
  prepareVisit,
  ROUTE_NAMES,
  routesWith,
} from './support/routes';

/**
 * Every page fits a 360 px phone (SPEC §2: the smallest phones people use): nothing makes the page scroll
 * sideways, for a visitor and for a signed-in restaurant, in English and in Norwegian.
 */

const PHONE = { width: 360, height: 800 };
const TEXTS = { en, nb };
test.use({ viewport: PHONE });

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The elements that stick out past the right edge, where it starts (their parent does not). */
  offenders: string[];
}

/**
 * How wide the page is, and which elements reach past the viewport's right edge. An element inside a box
 * that scrolls or clips sideways (a strip of cards, a table in its own scroll box) does not count: it
 * widens only that box. Of a chain of elements sticking out, the outermost one is named, with its place.
 */
async function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= edge) return false;
      if (getComputedStyle(element).visibility === 'hidden') return false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX !== 'visible' && up.getBoundingClientRect().right <= edge) return false;
      }
      return true;
    };
    const label = (element: Element) => {
      const classes = [...element.classList]
        .filter((name) => !/^m_[0-9a-f]+$/.test(name))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const testId = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}${
        testId ? `[data-testid=${testId}]` : ''
      }`;
    };
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const path: string[] = [];
        for (let up = element.parentElement; up && up !== document.body && path.length < 4; ) {
          path.unshift(label(up));
          up = up.parentElement;
        }
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        return {
          right: box.right,
          text: `${label(element)} is ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px ("${text}") in ${path.join(' > ')}`,
        };
      })
      .sort((a, b) => b.right - a.right)
      .slice(0, 8)
      .map((offender) => offender.text);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, offenders };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, offenders } = await measureOverflow(page);
  expect(
    scrollWidth,
    `${where} is ${scrollWidth} px wide in a ${innerWidth} px viewport; widest elements:\n  ${offenders.join('\n  ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Nothing on the screen (a dialog included, which never widens the page) is cut off at the right. */
async function expectNothingCutOff(page: Page, where: string): Promise<void> {
  const { offenders } = await measureOverflow(page);
  expect(offenders, `${where}: cut off at the right edge`).toEqual([]);
}

let ids: DynamicIds;
test.beforeAll(async ({ request }) => {
  ids = await lookUpIds(request);
});

function pathOf(name: string): string {
  const route = routesWith(ids).find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route.path;
}

for (const audience of AUDIENCES) {
  for (const language of LANGUAGES) {
    test.describe(`${audience}, ${language}`, () => {
      for (const name of ROUTE_NAMES) {
        test(`${name} fits a ${PHONE.width} px phone`, async ({ page }) => {
          const path = pathOf(name);
          await prepareVisit(page, { audience, language });
          await openPage(page, path, language);
          await expectNoSidewaysScroll(page, `${path} (${audience}, ${language})`);
        });
      }
    });
  }
}

for (const language of LANGUAGES) {
  test(`every cellar tab and dialog of a held wine's profile fits a ${PHONE.width} px phone (${language})`, async ({
    page,
  }) => {
    const path = pathOf('wine profile (wine in the cellar)');
    await prepareVisit(page, { audience: 'restaurant', language });
    await openPage(page, path, language);

    const texts = TEXTS[language].wine;
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (let index = 0; index < 5; index += 1) {
      const tab = tabs.nth(index);
      const tabName = (await tab.textContent()) ?? `tab ${index + 1}`;
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      const where = `${path}, tab "${tabName}" (${language})`;
      await expectNoSidewaysScroll(page, where);
      // The chosen tab shows in full: a tab list wider than the phone scrolls inside its own box.
      const box = await tab.boundingBox();
      expect(box, where).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${where}: the chosen tab is cut off`).toBeLessThanOrEqual(
        PHONE.width,
      );
    }

    // Where the bottles are, in a dialog over the quantity tab.
    await page.getByRole('tab', { name: texts.tabs.quantity }).click();
    await page.getByRole('button', { name: texts.cellar.quantity.showLocations }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await expectNothingCutOff(page, `${path}, locations dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The embed dialog: its code and preview wrap inside it.
    await page.getByRole('button', { name: texts.actions.embed }).click();
    await expect(dialog).toBeVisible();
    await expectNothingCutOff(page, `${path}, embed dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test(`links are never the browser's default blue or visited purple`, async ({ page }) => {
  await prepareVisit(page, { audience: 'visitor', language: 'en' });
  for (const path of ['/terms-of-use', '/privacy-policy', '/registration', '/feed']) {
    await openPage(page, path, 'en');
    const colours = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')]
        .filter((link) => link.getBoundingClientRect().width > 0)
        .map((link) => ({ link: link.outerHTML.slice(0, 80), colour: getComputedStyle(link).color })),
    );
    expect(colours.length, `${path} has links`).toBeGreaterThan(0);
    const browserDefaults = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)', 'rgb(0, 0, 255)'];
    expect(
      colours.filter(({ colour }) => browserDefaults.includes(colour)),
      `${path}: links in the browser's colours`,
    ).toEqual([]);
  }
});
