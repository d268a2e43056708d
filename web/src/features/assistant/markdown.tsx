import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './assistant.module.css';

/**
 * The assistant's answers are Markdown of a small, known kind (shared/src/assistant.ts: paragraphs,
 * lists, `|` tables, **bold** and wine links `[name](kork:wine/<cellarWineId>)`). This renders exactly
 * that, as React elements, never as HTML: nothing the model writes can become markup or a script. A
 * general Markdown library (react-markdown + remark-gfm, ~40 KB gzip with micromark) would render far
 * more than answers hold and would need the same link rule on top.
 *
 * Links: a wine link opens that wine's row in the cellar; every other link (http, mailto, javascript:,
 * relative) is dropped and only its text is kept.
 */

const WINE_LINK = /^kork:wine\/([A-Za-z0-9_-]{1,64})$/;

/** The cellar row a link opens, or undefined when the link is not a wine link (and is dropped). */
export function wineLinkPath(href: string): string | undefined {
  const id = WINE_LINK.exec(href.trim())?.[1];
  return id ? `/wine-cellar/wines?wine=${encodeURIComponent(id)}` : undefined;
}

// A link's address may hold one level of balanced brackets, as Markdown allows (`javascript:alert(1)`).
const INLINE =
  /\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))*)\)|\*\*([^*\n]+)\*\*|`([^`\n]+)`|\*([^*\s][^*\n]*)\*/g;

function renderInline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) nodes.push(text.slice(last, at));
    const id = `${key}.${index++}`;
    const [, linkText, href, bold, code, italic] = match;
    if (linkText !== undefined) {
      const path = wineLinkPath(href ?? '');
      nodes.push(
        path ? (
          <Link key={id} to={path} className={classes.wineLink}>
            {linkText}
          </Link>
        ) : (
          <Fragment key={id}>{linkText}</Fragment>
        ),
      );
    } else if (bold !== undefined) {
      nodes.push(<strong key={id}>{renderInline(bold, id)}</strong>);
    } else if (code !== undefined) {
      nodes.push(<code key={id}>{code}</code>);
    } else if (italic !== undefined) {
      nodes.push(<em key={id}>{renderInline(italic, id)}</em>);
    }
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The answer's blocks, line by line (a block ends at a blank line or where another kind starts). */
export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', text: heading[1] as string });
      i++;
      continue;
    }
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && TABLE_ROW.test(lines[i] as string)) rows.push(cells(lines[i++] as string));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const item = pattern.exec(lines[i] as string);
        if (!item) break;
        items.push(item[1] as string);
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const next = lines[i] as string;
      if (!next.trim() || HEADING.test(next) || BULLET.test(next) || NUMBERED.test(next)) break;
      if (TABLE_ROW.test(next) && TABLE_RULE.test(lines[i + 1] ?? '')) break;
      paragraph.push(next);
      i++;
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}

/** An answer's Markdown as React elements; a table scrolls inside its own box (`tableLabel` names it). */
export function AnswerMarkdown({ text, tableLabel }: { text: string; tableLabel: string }) {
  return (
    <div className={classes.markdown}>
      {parseBlocks(text).map((block, b) => {
        const key = String(b);
        switch (block.kind) {
          case 'heading':
            return (
              <p key={key} className={classes.heading}>
                <strong>{renderInline(block.text, key)}</strong>
              </p>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key}>
                {block.items.map((item, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an answer's items have no other identity
                  <li key={n}>{renderInline(item, `${key}.${n}`)}</li>
                ))}
              </List>
            );
          }
          case 'table':
            return (
              <section
                key={key}
                className={classes.tableBox}
                aria-label={tableLabel}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard
                tabIndex={0}
              >
                <table className={classes.table}>
                  <thead>
                    <tr>
                      {block.head.map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                        <th key={c} scope="col">
                          {renderInline(cell, `${key}.h${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                      <tr key={r}>
                        {block.head.map((_, c) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                          <td key={c}>{renderInline(row[c] ?? '', `${key}.${r}.${c}`)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          default:
            return (
              <p key={key}>
                {block.lines.map((line, l) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
                  <Fragment key={l}>
                    {l > 0 && <br />}
                    {renderInline(line, `${key}.${l}`)}
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
