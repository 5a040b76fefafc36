// @ts-check
// The game page, as the router (app.js) loads it when a game is first
// opened: the home page does without these modules.

import { enterGame, leaveGame } from './connection.js';
import { initBoard, initGameControls } from './input.js';
import { renderGame } from './render.js';
import { G, board } from './state.js';

export { G, board, enterGame, initBoard, initGameControls, leaveGame, renderGame };
