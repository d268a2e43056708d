/**
 * A tool's refusal: its message goes back to the model as the tool's error (in English, short, and
 * naming nothing of anyone else's data). Any other failure is logged and answered as a plain failure.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/** The one answer for an id that is not the signed-in user's: the same whether it exists elsewhere or not. */
export function notInYourCellar(what: 'wine' | 'location' = 'wine'): ToolError {
  return new ToolError(`That ${what} was not found in your cellar.`);
}
