import { expect, type Page } from '@playwright/test';

/** How wide a page is and what sticks out: the phone sweep's measure, shared by every journey on a phone. */

export interface Overflow {
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
export async function measureOverflow(page: Page): Promise<Overflow> {
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

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, offenders } = await measureOverflow(page);
  expect(
    scrollWidth,
    `${where} is ${scrollWidth} px wide in a ${innerWidth} px viewport; widest elements:\n  ${offenders.join('\n  ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Nothing on the screen (a dialog included, which never widens the page) is cut off at the right. */
export async function expectNothingCutOff(page: Page, where: string): Promise<void> {
  const { offenders } = await measureOverflow(page);
  expect(offenders, `${where}: cut off at the right edge`).toEqual([]);
}
