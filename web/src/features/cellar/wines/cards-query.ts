/**
 * Below the 600 px breakpoint (SPEC §9) the cellar's tables (wines, history) are cards. Read with
 * `useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false })`: before the first paint (there
 * is no server rendering), so a page never lays out the table only to swap it.
 */
export const CARDS_QUERY = '(max-width: 37.49em)';
