/**
 * A tool result bounded for the model: while its JSON is longer than the bound, rows are dropped from the
 * end of its longest list (anywhere in it) and it says `truncated: true`. What comes out is always a
 * plain JSON value (undefined and functions left out, as JSON has them).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The longest non-empty array in a value (by its JSON length), with that length. */
function longestArray(value: Json): Json[] | undefined {
  let best: Json[] | undefined;
  let bestLength = -1;
  const visit = (node: Json) => {
    if (Array.isArray(node)) {
      if (node.length > 0) {
        const length = JSON.stringify(node).length;
        if (length > bestLength) {
          best = node;
          bestLength = length;
        }
      }
      for (const item of node) visit(item);
    } else if (node && typeof node === 'object') {
      for (const child of Object.values(node)) visit(child);
    }
  };
  visit(value);
  return best;
}

export function boundContent(data: unknown, maxChars: number): unknown {
  const text = JSON.stringify(data ?? null);
  if (text.length <= maxChars) return JSON.parse(text);
  const copy = JSON.parse(text) as Json;
  const root: { [key: string]: Json } =
    copy && typeof copy === 'object' && !Array.isArray(copy) ? copy : { rows: copy };
  root.truncated = true;
  for (;;) {
    if (JSON.stringify(root).length <= maxChars) return root;
    const array = longestArray(root);
    if (!array) break;
    // Drop about the share that is over, at least one row, so a long list takes few passes.
    const over = JSON.stringify(root).length - maxChars;
    const perRow = JSON.stringify(array).length / array.length;
    array.splice(Math.max(0, array.length - Math.max(1, Math.floor(over / perRow))));
  }
  // No list left to shorten: keep the short scalar fields that fit.
  const kept: { [key: string]: Json } = { truncated: true };
  for (const [key, value] of Object.entries(root)) {
    if (value !== null && typeof value === 'object') continue;
    const next = { ...kept, [key]: value };
    if (JSON.stringify(next).length <= maxChars) kept[key] = value;
  }
  return kept;
}
