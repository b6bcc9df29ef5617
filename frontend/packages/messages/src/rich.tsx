//! Messages that hold markup: a tag of the message (`Write to <email>{address}</email>.`) is drawn
//! by a function the caller gives, so a sentence stays one message and its link keeps its place in
//! every language.

import { Fragment, type ReactNode } from 'react';
import { type MessageId, type MessageValues, messageFormat } from './intl';

/** What a rich message's tags and arguments are given: values, or a function drawing a tag's text. */
export type RichValues = Record<
  string,
  MessageValues[string] | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;

/** The interface string `id` with its tags drawn as React elements. */
export const tRich = (id: MessageId, values: RichValues): ReactNode => {
  const format = messageFormat(id);
  if (typeof format === 'string') return format;
  const result = format.format<ReactNode>(values as never);
  if (!Array.isArray(result)) return result as ReactNode;
  return result.map((part, index) => (
    // The parts of one message never move, so their position is their key.
    // biome-ignore lint/suspicious/noArrayIndexKey: the order of a message's parts is fixed.
    <Fragment key={index}>{part as ReactNode}</Fragment>
  ));
};
