// @ts-check
// Generated from crates/exercises/src/texts/reasons/ro.txt: edit that
// file, then run UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts
// Why the rules refuse a move, in the words the terminal and the lessons say.

/** @type {Record<string, string>} */
export default {
  "reason.game_over": "jocul s-a terminat",
  "reason.not_reachable": "pionul nu poate merge din {from} în {to} dintr-o mutare",
  "reason.off_board": "în afara tablei {size}×{size}",
  "reason.no_fences_left": "nu mai sunt bariere",
  "reason.overlaps": "această barieră s-ar suprapune peste bariera {fence}",
  "reason.crosses": "această barieră ar tăia bariera {fence}",
  "reason.no_path_left": "această barieră l-ar închide pe {seat}",
  "reason.pass_not_allowed": "se poate da pas doar când nu există altă mutare",
  "reason.pawn_arrived": "pionul jucătorului {seat} a ajuns și nu se mai mută",
  "reason.pawn_off_board": "pionul de pe {square} e în afara tablei",
  "reason.pawns_share_square": "doi pioni pe {square}",
  "reason.no_way_to_goal": "{seat} nu mai are drum spre linia de sosire",
  "reason.two_arrived": "mai mult de un pion a ajuns deja",
};
