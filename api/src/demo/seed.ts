import { authService } from '../auth/service.js';
import { authStore } from '../auth/store.js';
import { boardsService } from '../boards/service.js';
import type { Deps } from '../deps.js';
import { seedDemoBusiness } from '../advertisers/seed.js';

export const DEMO_LOGIN = { email: 'demo@corkboard.test', password: 'corkboard-demo' };

/**
 * On an empty development database: a demo account with a few boards, one with sections,
 * one secret, and one whose name starts with a digit (it sorts last in the picker).
 */
export async function seedDemo(deps: Deps): Promise<typeof DEMO_LOGIN | null> {
  if ((await authStore(deps.db).countUsers()) > 0) return null;
  const owner = { id: await authService(deps).createAccount({ ...DEMO_LOGIN, username: 'demo', firstName: 'Demo', lastName: 'Pinner' }), username: 'demo' };
  const boards = boardsService(deps);
  await boards.createBoard(owner, { name: 'Recipes', privacy: 'public' });
  const home = (await boards.createBoard(owner, { name: 'Home decor', privacy: 'public' })).id;
  await boards.createSection(owner.id, { boardId: home, name: 'Lighting' });
  await boards.createSection(owner.id, { boardId: home, name: 'Living room' });
  await boards.createBoard(owner, { name: 'Travel', privacy: 'public' });
  await boards.createBoard(owner, { name: 'Gift ideas', privacy: 'secret' });
  await boards.createBoard(owner, { name: '2027 goals', privacy: 'public' });
  // The advertiser area's demo business with a second member (advertisers/seed.ts).
  await seedDemoBusiness(deps);
  return DEMO_LOGIN;
}
