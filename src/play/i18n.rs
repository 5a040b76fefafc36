//! Every text of `quoridor play`, in English, French and Romanian: one
//! table ([`messages!`] below) with a line per message and a column per
//! language. Placeholders are `{0}`, `{1}`, … so that a translation may put
//! them in another order.

use std::fmt::Display;

use quoridor_rules::{IllegalMove, Outcome, Seat, Team};

/// A language of the interface.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Fr,
    Ro,
}

impl Lang {
    /// `en`, `fr` or `ro` (also `english`, `français`, `română`, or a locale
    /// such as `fr_FR.UTF-8`).
    pub fn parse(text: &str) -> Option<Lang> {
        let lower = text.trim().to_lowercase();
        let code: String = lower.chars().take_while(|c| c.is_alphabetic()).collect();
        match code.as_str() {
            "en" | "english" | "c" | "posix" => Some(Lang::En),
            "fr" | "french" | "français" | "francais" => Some(Lang::Fr),
            "ro" | "romanian" | "română" | "romana" => Some(Lang::Ro),
            _ => None,
        }
    }

    /// The language of the environment: the first of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` that is set, English when it names another one.
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| get(name))
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::parse(&value))
            .unwrap_or(Lang::En)
    }

    fn column(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Fr => 1,
            Lang::Ro => 2,
        }
    }

    /// A message without placeholders.
    pub fn t(self, msg: Msg) -> &'static str {
        msg.texts()[self.column()]
    }

    /// A message with its placeholders `{0}`, `{1}`, … filled in.
    pub fn f(self, msg: Msg, args: &[&dyn Display]) -> String {
        fill(self.t(msg), args)
    }

    /// The name of a seat (`south`, `sud`, …).
    pub fn seat(self, seat: Seat) -> &'static str {
        self.t(match seat {
            Seat::South => Msg::South,
            Seat::West => Msg::West,
            Seat::North => Msg::North,
            Seat::East => Msg::East,
        })
    }

    /// The letter of a seat's pawn on the board (`S`, `W`/`O`/`V`, `N`, `E`).
    pub fn initial(self, seat: Seat) -> &'static str {
        self.t(match seat {
            Seat::South => Msg::InitialSouth,
            Seat::West => Msg::InitialWest,
            Seat::North => Msg::InitialNorth,
            Seat::East => Msg::InitialEast,
        })
    }

    pub fn team(self, team: Team) -> String {
        let [a, b] = team.seats();
        format!("{}+{}", self.seat(a), self.seat(b))
    }

    /// The result of a game in words: `north wins`, `draw`.
    pub fn outcome(self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Winner(seat) => self.f(Msg::Wins, &[&self.seat(seat)]),
            Outcome::TeamWinner(team) => self.f(Msg::TeamWins, &[&self.team(team)]),
            Outcome::Draw => self.t(Msg::DrawResult).to_string(),
        }
    }

    /// Why a move is illegal, in words (`this fence would shut north in:
    /// …`).
    pub fn illegal(self, err: IllegalMove) -> String {
        let lang = match self {
            Lang::En => quoridor_exercises::Lang::En,
            Lang::Fr => quoridor_exercises::Lang::Fr,
            Lang::Ro => quoridor_exercises::Lang::Ro,
        };
        quoridor_exercises::reasons::reason_text(lang, &err, |seat| self.seat(seat).to_string())
    }

    /// Whether a typed answer means yes (`y`, `yes` and this language's
    /// word) or no; `None` for anything else.
    pub fn answer(self, text: &str) -> Option<bool> {
        let word = text.trim().to_lowercase();
        let yes = ["y", "yes", self.t(Msg::YesLetter), self.t(Msg::YesWord)];
        let no = ["n", "no", self.t(Msg::NoLetter), self.t(Msg::NoWord)];
        if yes.contains(&word.as_str()) {
            Some(true)
        } else if no.contains(&word.as_str()) {
            Some(false)
        } else {
            None
        }
    }
}

/// Replaces `{0}`, `{1}`, … by the arguments.
fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let index = after
            .find('}')
            .and_then(|close| after[..close].parse::<usize>().ok().map(|i| (i, close)));
        match index {
            Some((i, close)) if i < args.len() => {
                out.push_str(&args[i].to_string());
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

macro_rules! messages {
    ($($id:ident => [$en:expr, $fr:expr, $ro:expr],)*) => {
        /// A message of the interface; [`Lang::t`] gives its text.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Msg { $($id,)* }

        impl Msg {
            /// Every message, for the tests of the table.
            #[cfg(test)]
            pub const ALL: &'static [Msg] = &[$(Msg::$id,)*];

            fn texts(self) -> [&'static str; 3] {
                match self { $(Msg::$id => [$en, $fr, $ro],)* }
            }
        }
    };
}

messages! {
    // Seats and players.
    South => ["south", "sud", "sud"],
    West => ["west", "ouest", "vest"],
    North => ["north", "nord", "nord"],
    East => ["east", "est", "est"],
    InitialSouth => ["S", "S", "S"],
    InitialWest => ["W", "O", "V"],
    InitialNorth => ["N", "N", "N"],
    InitialEast => ["E", "E", "E"],
    Human => ["human", "humain", "om"],
    You => ["you", "vous", "tu"],
    Ai => ["AI {0}", "IA {0}", "IA {0}"],
    AiLong => ["AI level {0}", "IA niveau {0}", "IA nivelul {0}"],
    Out => ["out", "sorti", "ieșit"],

    // The state of the game.
    Title => ["Quoridor {0}×{0}", "Quoridor {0}×{0}", "Quoridor {0}×{0}"],
    VariantTeams => ["teams", "équipes", "echipe"],
    VariantScoring => ["scoring", "aux points", "cu puncte"],
    ToMove => ["{0} to move", "au tour de {0}", "la mutare: {0}"],
    YourMove => [
        "{0}, your move: arrows and Enter, or type a move",
        "{0}, à vous : flèches et Entrée, ou tapez un coup",
        "{0}, e rândul tău: săgeți și Enter, sau scrie o mutare"
    ],
    Thinking => ["{0} is thinking…", "{0} réfléchit…", "{0} se gândește…"],
    Plays => ["{0} plays {1}", "{0} joue {1}", "{0} mută {1}"],
    Wins => ["{0} wins", "{0} gagne", "{0} câștigă"],
    TeamWins => ["{0} win", "{0} gagnent", "{0} câștigă"],
    DrawResult => ["draw", "partie nulle", "remiză"],
    GameOver => ["game over: {0}", "partie terminée : {0}", "joc terminat: {0}"],
    Resigns => ["{0} resigns", "{0} abandonne", "{0} abandonează"],
    LosesOnTime => ["{0} loses on time", "{0} perd au temps", "{0} pierde la timp"],
    DrawAgreed => ["draw agreed", "nulle par accord", "remiză prin acord"],
    PlyLimit => [
        "draw: move limit reached",
        "nulle : limite de coups atteinte",
        "remiză: limita de mutări atinsă"
    ],
    Repetition => [
        "the same position a third time",
        "la même position pour la troisième fois",
        "aceeași poziție a treia oară"
    ],
    FencesLeft => ["fences {0}", "barrières {0}", "bariere {0}"],
    Steps => ["path {0}", "chemin {0}", "drum {0}"],
    ScoreOf => ["score {0}", "score {0}", "scor {0}"],
    MovesTitle => ["Moves", "Coups", "Mutări"],
    ScoreSheetTitle => ["Score sheet", "Feuille de score", "Foaia de scor"],
    EntryResign => ["resigns", "abandon", "abandon"],
    EntryTimeout => ["time", "temps", "timp"],
    EntryDraw => ["draw", "nulle", "remiză"],

    // Why a move is refused: the words every front end says, in
    // `quoridor_exercises::reasons`.
    Forbidden => ["{0}: forbidden, {1}", "{0} : interdit, {1}", "{0}: interzis, {1}"],
    FenceReady => [
        "{0}: Enter places it, r turns it, Tab back to the pawn",
        "{0} : Entrée la pose, r la tourne, Tab revient au pion",
        "{0}: Enter îl pune, r îl rotește, Tab înapoi la pion"
    ],
    NotYourTurn => [
        "not your turn: {0} is playing",
        "ce n'est pas votre tour : {0} joue",
        "nu e rândul tău: joacă {0}"
    ],
    Unknown => [
        "neither a move nor a command: {0} (help lists them)",
        "ni un coup ni une commande : {0} (aide les donne)",
        "nici mutare, nici comandă: {0} (ajutor le arată)"
    ],
    Replaying => [
        "replaying: Enter plays on from here, Esc goes back to the end",
        "revue : Entrée reprend d'ici, Échap revient à la fin",
        "reluare: Enter continuă de aici, Esc revine la sfârșit"
    ],

    // Actions.
    NothingToUndo => ["nothing to undo", "rien à annuler", "nimic de anulat"],
    TookBack => ["taken back: {0}", "annulé : {0}", "anulat: {0}"],
    HintSearching => ["looking for a hint…", "recherche d'un conseil…", "caut un indiciu…"],
    Hint => [
        "hint for {0}: {1} (shortest path: {2} steps)",
        "conseil pour {0} : {1} (chemin le plus court : {2} pas)",
        "indiciu pentru {0}: {1} (cel mai scurt drum: {2} pași)"
    ],
    HintPath => [
        "shortest path of {0}: {1}",
        "chemin le plus court de {0} : {1}",
        "cel mai scurt drum pentru {0}: {1}"
    ],
    HintNoHuman => [
        "hints are for a person to move",
        "les conseils sont pour une personne qui joue",
        "indiciile sunt pentru o persoană la mutare"
    ],
    AskDraw => [
        "{0} offers a draw. {1}: accept? {2}",
        "{0} propose la nulle. {1} : accepter ? {2}",
        "{0} propune remiză. {1}: accepți? {2}"
    ],
    DrawDeclined => ["draw declined", "nulle refusée", "remiză refuzată"],
    AiDeclinesDraw => [
        "{0} declines the draw: it leads the race",
        "{0} refuse la nulle : il mène la course",
        "{0} refuză remiza: conduce în cursă"
    ],
    AskResign => [
        "{0}: resign this game? {1}",
        "{0} : abandonner la partie ? {1}",
        "{0}: abandonezi jocul? {1}"
    ],
    NoOneToResign => [
        "resign on your own turn",
        "abandonnez pendant votre tour",
        "abandonează când e rândul tău"
    ],
    AskNewGame => [
        "start a new game? {0}",
        "commencer une nouvelle partie ? {0}",
        "începi un joc nou? {0}"
    ],
    AskResume => [
        "a game in progress was kept ({0}). Continue it? {1}",
        "une partie en cours a été gardée ({0}). La reprendre ? {1}",
        "un joc neterminat a fost păstrat ({0}). Îl continui? {1}"
    ],
    GameSummary => ["{0}×{0}, {1} moves", "{0}×{0}, {1} coups", "{0}×{0}, {1} mutări"],
    YesNo => ["(y/n)", "(o/n)", "(d/n)"],
    YesLetter => ["y", "o", "d"],
    YesWord => ["yes", "oui", "da"],
    NoLetter => ["n", "n", "n"],
    NoWord => ["no", "non", "nu"],
    Cancelled => ["cancelled", "annulé", "anulat"],
    NewGameStarted => ["new game", "nouvelle partie", "joc nou"],
    Resumed => ["game resumed", "partie reprise", "joc reluat"],
    Saved => ["saved to {0}", "enregistré dans {0}", "salvat în {0}"],
    SaveFailed => [
        "could not save {0}: {1}",
        "impossible d'enregistrer {0} : {1}",
        "nu am putut salva {0}: {1}"
    ],
    Loaded => [
        "loaded {0}: ←/→ go through it, Enter plays on from there",
        "{0} chargé : ←/→ pour le parcourir, Entrée reprend de là",
        "am încărcat {0}: ←/→ îl parcurg, Enter continuă de acolo"
    ],
    LoadFailed => [
        "could not load {0}: {1}",
        "impossible de charger {0} : {1}",
        "nu am putut încărca {0}: {1}"
    ],
    NeedFile => ["which file?", "quel fichier ?", "ce fișier?"],
    NotText => [
        "that line is not text (it is not valid UTF-8): type a move or a command",
        "cette ligne n'est pas du texte (UTF-8 invalide) : tapez un coup ou une commande",
        "această linie nu este text (UTF-8 nevalid): scrieți o mutare sau o comandă"
    ],
    LineTooLong => [
        "that line is too long (more than {0} bytes): type a move or a command",
        "cette ligne est trop longue (plus de {0} octets) : tapez un coup ou une commande",
        "această linie este prea lungă (peste {0} octeți): scrieți o mutare sau o comandă"
    ],
    AiFailedMove => [
        "the AI had an internal error: it plays a simple step this time",
        "l'IA a eu une erreur interne : elle joue un simple pas cette fois",
        "IA a avut o eroare internă: de data aceasta face un simplu pas"
    ],
    AiFailedHint => [
        "the AI had an internal error: no hint this time",
        "l'IA a eu une erreur interne : pas d'indice cette fois",
        "IA a avut o eroare internă: niciun indiciu de data aceasta"
    ],
    Kept => [
        "the game is kept for the next start ({0})",
        "la partie est gardée pour le prochain lancement ({0})",
        "jocul este păstrat pentru următoarea pornire ({0})"
    ],
    ReplayAt => ["replay {0}/{1}", "revue {0}/{1}", "reluare {0}/{1}"],
    TooSmall => [
        "terminal too small: {0}×{1} needed",
        "terminal trop petit : il faut {0}×{1}",
        "terminal prea mic: e nevoie de {0}×{1}"
    ],

    // Keys, short (panel) and long (help).
    KeyMove => ["move", "aller", "mută"],
    KeyPlay => ["play", "jouer", "joacă"],
    KeyFence => ["fence", "barrière", "barieră"],
    KeyRotate => ["turn", "tourner", "rotește"],
    KeyType => ["type", "taper", "scrie"],
    KeyUndo => ["undo", "annuler", "anulează"],
    KeyHint => ["hint", "conseil", "indiciu"],
    KeyDraw => ["draw", "nulle", "remiză"],
    KeyResign => ["resign", "abandon", "abandon"],
    KeyNew => ["new", "nouvelle", "nou"],
    KeySave => ["save", "sauver", "salvează"],
    KeyLoad => ["load", "charger", "încarcă"],
    KeyQuit => ["quit", "quitter", "ieșire"],
    KeyHelp => ["help", "aide", "ajutor"],
    KeyReplay => ["replay", "revoir", "reluare"],
    KeyPass => ["pass", "passer", "pas"],
    KeyStep => ["step", "pas à pas", "pas cu pas"],
    KeyContinue => ["play on", "reprendre", "continuă"],
    KeyStart => ["start", "début", "început"],
    KeyEnd => ["end", "fin", "sfârșit"],
    KeyLeave => ["back to the game", "retour à la partie", "înapoi la joc"],
    HelpTitle => ["Keys (F1 or Esc closes)", "Touches (F1 ou Échap ferme)", "Taste (F1 sau Esc închide)"],
    HelpArrows => [
        "move the cursor: a square, or a fence in fence mode",
        "déplacer le curseur : une case, ou une barrière en mode barrière",
        "mută cursorul: un pătrat, sau o barieră în modul barieră"
    ],
    HelpEnter => [
        "play the pawn move or the fence under the cursor",
        "jouer le pion ou la barrière sous le curseur",
        "joacă pionul sau bariera de sub cursor"
    ],
    HelpTab => [
        "switch between the pawn and a fence",
        "passer du pion à une barrière et inversement",
        "comută între pion și barieră"
    ],
    HelpRotate => [
        "turn the fence: horizontal or vertical",
        "tourner la barrière : horizontale ou verticale",
        "rotește bariera: orizontal sau vertical"
    ],
    HelpType => [
        "type a move (e2, e3h) or, after :, a command",
        "taper un coup (e2, e3h) ou, après :, une commande",
        "scrie o mutare (e2, e3h) sau, după :, o comandă"
    ],
    HelpUndo => [
        "take back (your move and the AI's reply)",
        "reprendre (votre coup et la réponse de l'IA)",
        "ia înapoi (mutarea ta și răspunsul IA)"
    ],
    HelpHint => [
        "the AI's suggestion and your shortest path",
        "la suggestion de l'IA et votre plus court chemin",
        "sugestia IA și cel mai scurt drum al tău"
    ],
    HelpDraw => [
        "offer a draw to the other person",
        "proposer la nulle à l'autre personne",
        "propune remiză celeilalte persoane"
    ],
    HelpResign => ["resign the game", "abandonner la partie", "abandonează jocul"],
    HelpNew => ["start a new game", "nouvelle partie", "începe un joc nou"],
    HelpSave => [
        "save the game as a record file",
        "enregistrer la partie dans un fichier",
        "salvează jocul într-un fișier"
    ],
    HelpLoad => [
        "load a record, then go through it with ←/→",
        "charger une partie, puis la parcourir avec ←/→",
        "încarcă un joc, apoi parcurge-l cu ←/→"
    ],
    HelpReplay => [
        "go back through the moves played",
        "revoir les coups joués",
        "revezi mutările jucate"
    ],
    HelpPass => [
        "pass (only when no other move exists)",
        "passer (seulement sans autre coup possible)",
        "pas (doar când nu există altă mutare)"
    ],
    HelpQuit => [
        "quit (an unfinished game is kept for next time)",
        "quitter (une partie en cours est gardée)",
        "ieșire (jocul neterminat este păstrat)"
    ],
    HelpCommands => [
        "commands: undo hint resign draw pass save FILE load FILE new replay help quit",
        "commandes : annuler conseil abandon nulle passer sauver FICHIER charger FICHIER nouvelle revoir aide quitter",
        "comenzi: anulează indiciu abandon remiză pas salvează FIȘIER încarcă FIȘIER nou reluare ajutor ieșire"
    ],

    // The line mode.
    PlainIntro => [
        "Type a move (e2, e3h) or a command: undo, hint, resign, draw, pass, save FILE, load FILE, new, board, help, quit.",
        "Tapez un coup (e2, e3h) ou une commande : annuler, conseil, abandon, nulle, passer, sauver FICHIER, charger FICHIER, nouvelle, plateau, aide, quitter.",
        "Scrie o mutare (e2, e3h) sau o comandă: anulează, indiciu, abandon, remiză, pas, salvează FIȘIER, încarcă FIȘIER, nou, tabla, ajutor, ieșire."
    ],
    PlainPrompt => ["{0}, your move:", "{0}, à vous :", "{0}, mutarea ta:"],
    PlainOver => [
        "Game over. Type new, undo, save FILE or quit.",
        "Partie terminée. Tapez nouvelle, annuler, sauver FICHIER ou quitter.",
        "Joc terminat. Scrie nou, anulează, salvează FIȘIER sau ieșire."
    ],
    PlainReplay => [
        "Replay {0}/{1}: next, back, start, end, or play to play on from here.",
        "Revue {0}/{1} : suivant, retour, début, fin, ou jouer pour reprendre d'ici.",
        "Reluare {0}/{1}: înainte, înapoi, început, sfârșit, sau joacă pentru a continua de aici."
    ],
    PlyLine => ["ply {0}: {1}", "demi-coup {0} : {1}", "mutarea {0}: {1}"],
    FencesLine => ["fences left: {0}", "barrières restantes : {0}", "bariere rămase: {0}"],
    PathsLine => [
        "shortest paths: {0}",
        "plus courts chemins : {0}",
        "cele mai scurte drumuri: {0}"
    ],
    ScoresLine => ["scores: {0}", "scores : {0}", "scoruri: {0}"],
    ClocksLine => ["clocks: {0}", "pendules : {0}", "ceasuri: {0}"],
    PlayersLine => ["players: {0}", "joueurs : {0}", "jucători: {0}"],
}

/// A command of the typed line and of the line mode, with the words that
/// name it in every language (any of them is understood whatever the
/// language shown).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Undo,
    Hint,
    Resign,
    Draw,
    Pass,
    Save,
    Load,
    New,
    Replay,
    Board,
    Help,
    Quit,
    Next,
    Back,
    Start,
    End,
    PlayOn,
}

const COMMANDS: &[(Command, &[&str])] = &[
    (
        Command::Undo,
        &["undo", "u", "annuler", "anulează", "anuleaza"],
    ),
    (
        Command::Hint,
        &["hint", "?", "conseil", "indice", "indiciu"],
    ),
    (
        Command::Resign,
        &["resign", "abandon", "abandonner", "abandonez"],
    ),
    (Command::Draw, &["draw", "nulle", "remiză", "remiza"]),
    (Command::Pass, &["pass", "passer", "passe", "pas"]),
    (
        Command::Save,
        &["save", "sauver", "enregistrer", "salvează", "salveaza"],
    ),
    (Command::Load, &["load", "charger", "încarcă", "incarca"]),
    (Command::New, &["new", "nouvelle", "nou"]),
    (Command::Replay, &["replay", "revoir", "reluare"]),
    (Command::Board, &["board", "plateau", "tabla", "tabla"]),
    (Command::Help, &["help", "aide", "ajutor"]),
    (
        Command::Quit,
        &["quit", "exit", "q", "quitter", "ieșire", "iesire"],
    ),
    (Command::Next, &["next", "suivant", "înainte", "inainte"]),
    (Command::Back, &["back", "retour", "înapoi", "inapoi"]),
    (
        Command::Start,
        &["start", "début", "debut", "început", "inceput"],
    ),
    (Command::End, &["end", "fin", "sfârșit", "sfarsit"]),
    (Command::PlayOn, &["play", "jouer", "joacă", "joaca"]),
];

impl Command {
    /// The command named by a word, in any language and case.
    pub fn parse(word: &str) -> Option<Command> {
        let word = word.to_lowercase();
        COMMANDS
            .iter()
            .find(|(_, words)| words.contains(&word.as_str()))
            .map(|(command, _)| *command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<usize> {
        let mut found: Vec<usize> = (0..10)
            .filter(|i| text.contains(&format!("{{{i}}}")))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn every_message_has_three_texts_with_the_same_placeholders() {
        for &msg in Msg::ALL {
            let texts = msg.texts();
            for text in texts {
                assert!(!text.trim().is_empty(), "{msg:?}");
            }
            let wanted = placeholders(texts[0]);
            for text in texts {
                assert_eq!(placeholders(text), wanted, "{msg:?}: {text}");
            }
        }
    }

    #[test]
    fn illegal_moves_are_explained_in_every_language() {
        let seat = Seat::North;
        let err = IllegalMove::NoPathLeft(seat);
        assert_eq!(Lang::En.illegal(err), "this fence would shut north in");
        assert_eq!(Lang::Fr.illegal(err), "cette barrière enfermerait nord");
        assert_eq!(
            Lang::Ro.illegal(IllegalMove::Crosses("e3v".parse().unwrap())),
            "această barieră ar tăia bariera e3v"
        );
    }

    #[test]
    fn language_from_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_vars(env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
        assert_eq!(
            Lang::from_vars(env(&[("LC_ALL", "ro_RO.UTF-8"), ("LANG", "fr_FR")])),
            Lang::Ro
        );
        assert_eq!(
            Lang::from_vars(env(&[("LC_ALL", ""), ("LANG", "ro")])),
            Lang::Ro
        );
        assert_eq!(Lang::from_vars(env(&[("LANG", "de_DE.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_vars(env(&[])), Lang::En);
    }

    #[test]
    fn placeholders_and_answers() {
        assert_eq!(fill("{1} then {0} {x} {", &[&"a", &2]), "2 then a {x} {");
        assert_eq!(Lang::Fr.answer("Oui"), Some(true));
        assert_eq!(Lang::Ro.answer("d"), Some(true));
        assert_eq!(Lang::Ro.answer("nu"), Some(false));
        assert_eq!(Lang::En.answer("maybe"), None);
        assert_eq!(Command::parse("ANNULER"), Some(Command::Undo));
        assert_eq!(Command::parse("e2"), None);
    }
}
