import { getResource } from '../api';
import type { PopupQuery } from '../query';
import type { PickerData, ViewerData } from '../types';
import { prefetchPickerBoards } from './picker/BoardPicker';

/**
 * A read started before the first render, and its answer once it has come: a render that starts after
 * the answer draws with it at once, rather than drawing "Loading" and again a frame later.
 */
export interface Early<T> {
  readonly promise: Promise<T>;
  value?: T;
}

export function early<T>(promise: Promise<T>): Early<T> {
  const read: Early<T> = { promise };
  // Registered first, so whoever awaits the promise after this finds the value already kept.
  void promise.then((value) => {
    read.value = value;
  });
  return read;
}

/** Who is looking; a failed check is a visitor, who is offered the log-in. */
export const fetchViewer = () => getResource('ViewerResource').catch((): ViewerData => ({ type: 'UNAUTH' }));

/** What the save popup reads before anything else: the viewer and the first page of boards, side by side. */
export interface FirstReads {
  viewer: Early<ViewerData>;
  boards: Early<PickerData | null>;
}

export const startFirstReads = (query: Pick<PopupQuery, 'advertiserId'>): FirstReads => ({
  viewer: early(fetchViewer()),
  boards: early(prefetchPickerBoards(query.advertiserId)),
});

/** Both answers in (neither rejects: a failed read is a visitor, or a picker that asks again). */
export const firstReadsIn = (reads: FirstReads) => Promise.all([reads.viewer.promise, reads.boards.promise]).then(() => undefined);
