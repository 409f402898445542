// A post's text as its author wrote it: paragraphs with their line breaks, and lists (blogText.blocks).
import { Fragment } from 'react';
import { blocks } from './blogText';

export function PostBody({ content, className }: { content: string; className: string; }) {
  return (
    <div className={className}>
      {blocks(content).map((b, i) =>
        b.kind === 'p' ?
          (
            <p key={i}>
              {b.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </p>
          ) :
          b.kind === 'ul' ?
          (
            <ul key={i}>
              {b.items.map((item, j) => <li key={j}>{item}</li>)}
            </ul>
          ) :
          (
            <ol key={i}>
              {b.items.map((item, j) => <li key={j}>{item}</li>)}
            </ol>
          )
      )}
    </div>
  );
}
