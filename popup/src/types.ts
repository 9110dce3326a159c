// The popup's view of API answers, taken from the server code so the two cannot drift.
import type { viewerJson } from '../../api/src/auth/routes';
import type { BoardsService } from '../../api/src/boards/service';
import type { PinsService } from '../../api/src/pins/service';
import type { UsersService } from '../../api/src/users/service';

export type ViewerData = ReturnType<typeof viewerJson>;
export type PickerData = Awaited<ReturnType<BoardsService['pickerBoards']>>;
export type PickerBoard = PickerData['all_boards'][number];
export type CreatedPin = Awaited<ReturnType<PinsService['create']>>;
export type PinData = Awaited<ReturnType<PinsService['get']>>;
export type BoardPageData = Awaited<ReturnType<BoardsService['page']>>;
export type BoardFeedData = Awaited<ReturnType<PinsService['boardFeed']>>;
export interface LoginData {
  user: { id: string; username: string; first_name: string; full_name: string; email: string; image_medium_url: string | null };
  redirect: string;
}
export type SectionData = Awaited<ReturnType<BoardsService['sections']>>[number];
export type SuccessData = Awaited<ReturnType<UsersService['saveSuccess']>>;
export type ProfileData = Awaited<ReturnType<UsersService['profile']>>;
export type ProfileBoardsData = Awaited<ReturnType<BoardsService['profileBoards']>>;
export type ProfileBoard = ProfileBoardsData['boards'][number];
export type UserPinsData = Awaited<ReturnType<PinsService['latestPins']>>;
export type FollowersData = Awaited<ReturnType<UsersService['followers']>>;
export type FollowerData = FollowersData['users'][number];
