// @ts-check
// Generated from crates/exercises/src/texts/reasons/en.txt: edit that
// file, then run UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts
// Why the rules refuse a move, in the words the terminal and the lessons say.

/** @type {Record<string, string>} */
export default {
  "reason.game_over": "the game is over",
  "reason.not_reachable": "the pawn cannot go from {from} to {to} in one move",
  "reason.off_board": "outside the {size}×{size} board",
  "reason.no_fences_left": "no fences left",
  "reason.overlaps": "this fence would overlap the fence {fence}",
  "reason.crosses": "this fence would cross the fence {fence}",
  "reason.no_path_left": "this fence would shut {seat} in",
  "reason.pass_not_allowed": "a pass is allowed only when no other move exists",
  "reason.pawn_arrived": "{seat}’s pawn has arrived and no longer moves",
  "reason.pawn_off_board": "the pawn on {square} is off the board",
  "reason.pawns_share_square": "two pawns on {square}",
  "reason.no_way_to_goal": "{seat} has no way left to its goal",
  "reason.two_arrived": "more than one pawn has already arrived",
};
