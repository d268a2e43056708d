import type { Locale } from '@kork/shared';

/**
 * A tool's refusal: its message goes back to the model as the tool's error (in English, short, and
 * naming nothing of anyone else's data), and `nb` is the same for a person reading Norwegian (the local
 * engine says it as its answer). Any other failure is logged and answered as a plain failure.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  constructor(
    message: string,
    readonly nb: string,
  ) {
    super(message);
  }

  /** The refusal in a person's language. */
  said(locale: Locale): string {
    return locale === 'nb' ? this.nb : this.message;
  }
}

/** The one answer for an id that is not the signed-in user's: the same whether it exists elsewhere or not. */
export function notInYourCellar(what: 'wine' | 'location' = 'wine'): ToolError {
  return new ToolError(
    `That ${what} was not found in your cellar.`,
    what === 'wine' ? 'Fant ikke den vinen i kjelleren din.' : 'Fant ikke det stedet i kjelleren din.',
  );
}
