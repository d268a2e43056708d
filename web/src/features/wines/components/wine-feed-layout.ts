/** The filter column needs the `sm` breakpoint (960 px); below it the filters open in a drawer. */
export const FEED_WIDE_QUERY = '(min-width: 60em)';
