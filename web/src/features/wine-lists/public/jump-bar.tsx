import type { PublicWineList } from '@kork/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './public-wine-list.module.css';
import { sectionAnchor } from './public-wine-list-view';

/** Where under the bar a section counts as the one being read. */
const READING_LINE = '-90px 0px -65% 0px';

/**
 * The bar that stays at the top of a long list: a chip per section that jumps to it. The chip of the
 * section being read is marked, and brought into view when the row of chips is wider than the screen
 * (moving only the row, never the page).
 */
export function JumpBar({ sections }: { sections: PublicWineList['sections'] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string>();
  const row = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return;
    const byAnchor = new Map(sections.map((section) => [sectionAnchor(section.id), section.id]));
    const observer = new IntersectionObserver(
      (entries) => {
        const reading = entries.find((entry) => entry.isIntersecting);
        const id = reading ? byAnchor.get(reading.target.id) : undefined;
        if (id) setCurrent(id);
      },
      { rootMargin: READING_LINE },
    );
    for (const anchor of byAnchor.keys()) {
      const element = document.getElementById(anchor);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections]);

  useEffect(() => {
    const list = row.current;
    // The chip of the section being read (`current`), kept in view as the reader scrolls.
    const chip = current ? list?.querySelector<HTMLElement>('[aria-current]') : undefined;
    if (!list || !chip) return;
    const box = list.getBoundingClientRect();
    const at = chip.getBoundingClientRect();
    if (at.left < box.left) list.scrollLeft -= box.left - at.left + 16;
    else if (at.right > box.right) list.scrollLeft += at.right - box.right + 16;
  }, [current]);

  return (
    <nav className={classes.jumpBar} aria-label={t('wineListPublic.sections')}>
      <ul className={classes.chips} ref={row}>
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${sectionAnchor(section.id)}`}
              className={classes.chip}
              aria-current={current === section.id ? 'location' : undefined}
              onClick={() => setCurrent(section.id)}
            >
              {section.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
