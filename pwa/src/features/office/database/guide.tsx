// The little Markdown the operations guide's sections use, as React elements: paragraphs, numbered
// lists, tables, **bold**, *italic* and `code`. The guide is written once, in docs/; the office reads the
// same text (bundled at build time), so the two never disagree.
import type { ReactNode } from 'react';

/** The section under `heading` (a "### " line) up to the next heading of its level or above. */
export function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `### ${heading}`);
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^#{1,3} /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)/).filter(Boolean).map((part, i) => {
    if (part.startsWith('`')) return <code key={i}>{part.slice(1, -1)}</code>;
    if (part.startsWith('**')) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('*') && part.length > 2) return <em key={i}>{part.slice(1, -1)}</em>;
    return part;
  });
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

function table(rows: string[], key: number) {
  const [head, , ...body] = rows;
  return (
    <div className="ofc-guide__table" key={key}>
      <table>
        <thead>
          <tr>
            {cells(head).map((c, i) => <th key={i}>{inline(c)}</th>)}
          </tr>
        </thead>
        <tbody>
          {body.map((r, i) => (
            <tr key={i}>
              {cells(r).map((c, j) => <td key={j}>{inline(c)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Blocks are separated by blank lines; a numbered item runs on over its indented lines. */
export function Guide({ markdown }: { markdown: string; }) {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  return (
    <div className="ofc-guide">
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines[0].startsWith('|')) return table(lines, i);
        if (/^\d+\. /.test(lines[0])) {
          const items = block.split(/\n(?=\d+\. )/).map((item) => item.replace(/^\d+\. /, '').replace(/\s*\n\s*/g, ' '));
          return <ol key={i}>{items.map((item, j) => <li key={j}>{inline(item)}</li>)}</ol>;
        }
        return <p key={i}>{inline(block.replace(/\s*\n\s*/g, ' '))}</p>;
      })}
    </div>
  );
}
