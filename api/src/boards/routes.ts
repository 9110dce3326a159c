import { z } from 'zod';
import { action, type ResourceRegistry } from '../lib/resources.js';
import type { BoardsService } from './service.js';

export function boardResources(boards: BoardsService): ResourceRegistry {
  return {
    BoardPickerBoardsResource: {
      get: action({
        auth: true,
        options: z.object({ field_set_key: z.string().optional(), shortlist_suggestions: z.number().int().optional() }).loose(),
        run: (_options, { viewer }) => boards.pickerBoards(viewer.id),
      }),
    },
  };
}
