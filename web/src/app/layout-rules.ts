/**
 * Which parts of the shell a screen shows (SPEC §2 "Layout rules"). A pure function of the URL so the
 * rules can be read and tested in one place; the root layout only applies the answer.
 */
export interface Layout {
  navbar: boolean;
  footer: boolean;
  /** The navbar is see-through over the home hero for as long as the category strip is in view. */
  transparentNavbar: boolean;
  /** Work screens (the cellar) use the full width, with the navbar lined up to their side menu. */
  wide: boolean;
}

const AUTH_PAGES = ['/sign-in', '/registration', '/password-recovery'];

function isAtOrUnder(pathname: string, page: string): boolean {
  return pathname === page || pathname.startsWith(`${page}/`);
}

function isAuthPage(pathname: string): boolean {
  // "/auth*" in the route table: every authentication path, e.g. /auth/verify or /authorize.
  return pathname.startsWith('/auth') || AUTH_PAGES.some((page) => isAtOrUnder(pathname, page));
}

function isEmbedPage(pathname: string): boolean {
  // Embeds hang off any page that can be embedded (/embed/…, /wines/42/embed).
  return pathname.split('/').includes('embed');
}

export function layoutFor(pathname: string, search: string): Layout {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const bare = isAuthPage(path) || isEmbedPage(path) || path.includes('wine-list/') || path.startsWith('/l/');
  if (bare) return { navbar: false, footer: false, transparentNavbar: false, wide: false };

  const query = new URLSearchParams(search);
  const cellar = path.includes('wine-cellar');
  const footerHidden =
    cellar ||
    path.includes('location/') ||
    isAtOrUnder(path, '/cart') ||
    (query.has('username') && query.has('userId'));

  return { navbar: true, footer: !footerHidden, transparentNavbar: path === '/feed', wide: cellar };
}
