// @ts-check
// Generated from crates/exercises/src/texts/reasons/fr.txt: edit that
// file, then run UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts
// Why the rules refuse a move, in the words the terminal and the lessons say.

/** @type {Record<string, string>} */
export default {
  "reason.game_over": "la partie est terminée",
  "reason.not_reachable": "le pion ne peut pas aller de {from} à {to} en un coup",
  "reason.off_board": "hors du plateau {size}×{size}",
  "reason.no_fences_left": "plus de barrières",
  "reason.overlaps": "cette barrière chevaucherait la barrière {fence}",
  "reason.crosses": "cette barrière croiserait la barrière {fence}",
  "reason.no_path_left": "cette barrière enfermerait {seat}",
  "reason.pass_not_allowed": "on ne peut passer que si aucun autre coup n’existe",
  "reason.pawn_arrived": "le pion de {seat} est arrivé et ne bouge plus",
  "reason.pawn_off_board": "le pion en {square} est hors du plateau",
  "reason.pawns_share_square": "deux pions en {square}",
  "reason.no_way_to_goal": "{seat} n’a plus de chemin vers son but",
  "reason.two_arrived": "plus d’un pion est déjà arrivé",
};
