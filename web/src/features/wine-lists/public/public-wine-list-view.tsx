import type { PublicWineList, PublicWineListWine } from '@kork/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageSources } from '../../../lib/image-url';
import { useVintageText, winePath } from '../../../lib/wine-text';
import { safeHref } from '../../profiles/profile-links';
import { PrintedPriceText } from './printed-price';
import classes from './public-wine-list.module.css';

const LOGO_HEIGHT = 96;

export type ListVariant = 'page' | 'embed';

/** A section's anchor: unique on the page, whatever characters the id holds. */
export function sectionAnchor(sectionId: string): string {
  return `section-${sectionId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The sections the jump bar offers: the top-level ones (or every one, when the list has only subsections). */
export function jumpSections(list: PublicWineList): PublicWineList['sections'] {
  const top = list.sections.filter((section) => section.level === 0);
  return top.length > 0 ? top : list.sections;
}

function WineRow({
  wine,
  glassColumn,
  variant,
}: {
  wine: PublicWineListWine;
  glassColumn: boolean;
  variant: ListVariant;
}) {
  const { t } = useTranslation();
  const vintageText = useVintageText();
  const meta = [wine.producer, wine.origin, wine.bottleSize].filter(Boolean).join(' · ');
  const name = (
    <>
      {wine.name} <span className={classes.vintage}>{vintageText(wine.vintage)}</span>
    </>
  );
  const hasGlass = wine.printedGlassPrice !== undefined && wine.printedGlassPrice.kind !== 'none';
  return (
    <li className={classes.wine}>
      <div className={classes.wineText}>
        <p className={classes.wineName}>
          {wine.wineId ? (
            <Link
              to={winePath(wine.wineId)}
              className={classes.wineLink}
              {...(variant === 'embed' ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {meta && <p className={classes.wineMeta}>{meta}</p>}
      </div>
      {glassColumn && (
        <div className={classes.price} data-column="glass">
          {hasGlass && (
            <>
              <span className={classes.visuallyHidden}>
                {wine.glassSize
                  ? `${t('wineListPublic.glassPrice')} (${wine.glassSize}): `
                  : `${t('wineListPublic.glassPrice')}: `}
              </span>
              <PrintedPriceText price={wine.printedGlassPrice} />
              <span className={classes.glassSize} aria-hidden="true">
                {wine.glassSize
                  ? t('wineListPublic.glass', { size: wine.glassSize })
                  : t('wineListPublic.glassNoSize')}
              </span>
            </>
          )}
        </div>
      )}
      <div className={classes.price} data-column="bottle">
        {wine.printedBottlePrice.kind !== 'none' && (
          <>
            <span className={classes.visuallyHidden}>{t('wineListPublic.bottlePrice')}: </span>
            <PrintedPriceText price={wine.printedBottlePrice} />
          </>
        )}
      </div>
    </li>
  );
}

/** The sections one after another: a heading each, the wines under it with their prices on the right. */
export function WineListSections({ list, variant }: { list: PublicWineList; variant: ListVariant }) {
  const { t } = useTranslation();
  const wines = list.sections.reduce((sum, section) => sum + section.wines.length, 0);
  if (wines === 0) return <p className={classes.empty}>{t('wineListPublic.empty')}</p>;
  return (
    <div className={classes.sections}>
      {list.sections.map((section) => {
        const Heading = section.level === 0 ? 'h2' : 'h3';
        const headingId = `${sectionAnchor(section.id)}-heading`;
        return (
          <section
            key={section.id}
            id={sectionAnchor(section.id)}
            aria-labelledby={headingId}
            className={classes.section}
            data-level={section.level}
          >
            <div className={classes.grid} data-glass={list.glassColumn || undefined}>
              <div className={classes.sectionHead}>
                <Heading id={headingId} className={classes.sectionTitle}>
                  {section.name}
                </Heading>
                {list.glassColumn && section.wines.length > 0 && (
                  <>
                    <span className={classes.columnHead} aria-hidden="true">
                      {t('wineListPublic.columns.glass')}
                    </span>
                    <span className={classes.columnHead} aria-hidden="true">
                      {t('wineListPublic.columns.bottle')}
                    </span>
                  </>
                )}
              </div>
              {section.wines.length > 0 && (
                <ul className={classes.wines}>
                  {section.wines.map((wine, index) => (
                    <WineRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: a list is read, never reordered in place, and two of its wines may share every field.
                      key={index}
                      wine={wine}
                      glassColumn={list.glassColumn}
                      variant={variant}
                    />
                  ))}
                </ul>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** The top of the list: the logo (the list's, else the restaurant's), the restaurant, the list's name and line. */
export function WineListMasthead({ list, children }: { list: PublicWineList; children?: ReactNode }) {
  const { t } = useTranslation();
  const logo = list.logoUrl ?? list.restaurant.logo;
  return (
    <header className={classes.masthead}>
      {logo && (
        <img
          {...imageSources(logo, LOGO_HEIGHT * 2)}
          alt={t('wineListPublic.logo', { name: list.restaurant.name })}
          className={classes.logo}
        />
      )}
      <p className={classes.restaurant}>{list.restaurant.name}</p>
      <h1 className={classes.listName}>{list.name}</h1>
      {list.headerText && <p className={classes.headerText}>{list.headerText}</p>}
      {children}
    </header>
  );
}

/** Book a table, read the menu: the restaurant's own links, where it has them. */
export function RestaurantLinks({ list, variant }: { list: PublicWineList; variant: ListVariant }) {
  const { t } = useTranslation();
  const booking = safeHref(list.restaurant.bookingUrl);
  const menu = safeHref(list.restaurant.menuUrl);
  const external = { target: '_blank', rel: 'noopener noreferrer nofollow' };
  return (
    <div className={classes.links}>
      {booking && (
        <a href={booking} {...external} className={classes.linkButton} data-primary>
          {t('wineListPublic.links.booking')}
        </a>
      )}
      {menu && (
        <a href={menu} {...external} className={classes.linkButton}>
          {t('wineListPublic.links.menu')}
        </a>
      )}
      {variant === 'page' && (
        <Link to={`/restaurants/${encodeURIComponent(list.restaurant.id)}`} className={classes.linkButton}>
          {t('wineListPublic.links.restaurant', { name: list.restaurant.name })}
        </Link>
      )}
    </div>
  );
}

/** The list's closing note, as the restaurant wrote it (line breaks kept). */
export function WineListFootnote({ list }: { list: PublicWineList }) {
  if (!list.footnote) return null;
  return <p className={classes.footnote}>{list.footnote}</p>;
}
