// The popup's view of API answers: the contracts' types (api/src/*/contract.ts, issue 26); those not yet
// in a contract are still taken from the services (boundary.test.ts lists them as debt).
import type { BoardsService } from '../../api/src/boards/service';
import type { PinsService } from '../../api/src/pins/service';
import type { UsersService } from '../../api/src/users/service';

export type { ViewerData } from '../../api/src/auth/contract';
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
