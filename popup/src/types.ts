// The popup's view of API answers: the contracts' types (api/src/*/contract.ts).
import type { BoardPageAnswer, PickerAnswer, ProfileBoardsPage, SectionAnswer } from '../../api/src/boards/contract';
import type { BoardFeedAnswer, CreatedPin as CreatedPinAnswer, PinData as PinAnswerData, UserPinsAnswer } from '../../api/src/pins/contract';
import type { FollowersAnswer, ProfileAnswer } from '../../api/src/users/contract';
import type { AnswerOf } from '../../api/src/resources.contract';

export type { ViewerData } from '../../api/src/auth/contract';
export type PickerData = PickerAnswer;
export type PickerBoard = PickerData['all_boards'][number];
export type CreatedPin = CreatedPinAnswer;
export type PinData = PinAnswerData;
export type BoardPageData = BoardPageAnswer;
export type BoardFeedData = BoardFeedAnswer;
export type { LoginAnswer as LoginData } from '../../api/src/auth/contract';
export type SectionData = SectionAnswer;
/** What PinCreateSuccessResource answers, as its `run` returns it (an official account's domain may be unknown). */
export type SuccessData = AnswerOf<'PinCreateSuccessResource', 'get'>;
export type ProfileData = ProfileAnswer;
export type ProfileBoardsData = ProfileBoardsPage;
export type ProfileBoard = ProfileBoardsData['boards'][number];
export type UserPinsData = UserPinsAnswer;
export type FollowersData = FollowersAnswer;
export type FollowerData = FollowersData['users'][number];
