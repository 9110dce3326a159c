import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it (a link, a bold name): the message keeps its
 * `{{name}}` slots whole, so each language puts the link where its grammar wants, and the slots
 * become the given elements. `message` gets each slot as its own `{{name}}` to leave in place.
 */
export function linked(message: (params: Record<string, string>) => string, parts: Record<string, ReactNode>): ReactNode {
  const text = message(Object.fromEntries(Object.keys(parts).map((name) => [name, `{{${name}}}`])));
  return text.split(/\{\{(\w+)\}\}/).map((piece, i) => <Fragment key={i}>{i % 2 === 1 && piece in parts ? parts[piece] : piece}</Fragment>);
}
