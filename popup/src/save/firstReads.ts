import { getResource } from '../api';
import type { PopupQuery } from '../query';
import type { PickerData, ViewerData } from '../types';
import { prefetchPickerBoards } from './picker/BoardPicker';
import { type Early, early } from './early';

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
