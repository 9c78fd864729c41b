-- Botdeck storage: one SQLite file in the data folder, WAL mode.
-- A game is its bot, options, seed and deck plus an append-only log of events;
-- replaying the log's actions rebuilds the game.

CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,             -- 128 random bits: the secret of the game's play link
    watch_id TEXT,                   -- 128 random bits: the secret of its watch-only link
    name TEXT NOT NULL,
    bot TEXT NOT NULL,
    options TEXT NOT NULL,           -- JSON
    seed INTEGER NOT NULL,
    deck TEXT NOT NULL,              -- JSON: the card content this game started with
    deck_id TEXT,                    -- the library deck it learns into (physical-deck mode)
    owner TEXT,                      -- the device that started or imported it (NULL: a game
                                     -- from before devices, until a device claims it)
    version INTEGER NOT NULL DEFAULT 0,  -- number of events so far
    summary TEXT NOT NULL DEFAULT '{}',  -- JSON: what the lobby shows
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT                  -- when its owner deleted it (NULL: it is not): kept,
                                     -- hidden from every device but its owner's "Recently
                                     -- deleted", for 30 days, then removed for good
);

CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,            -- the game's version once this event is applied
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
    action TEXT,                     -- JSON, for kind = 'action'
    summary TEXT NOT NULL,           -- JSON message: the event in words
    device TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    -- how many actions are in effect once this event is applied: an undo goes back to
    -- this many (one Undo, or "Undo back to here": several at once), a redo forward
    in_effect INTEGER NOT NULL DEFAULT 0,
    turn TEXT,                       -- JSON message: the title of the turn the table was
                                     -- at (an undo: the turn it went back to); NULL for
                                     -- an event from before Botdeck stored it
    PRIMARY KEY (game_id, seq)
);

-- The game as it stood at one version, so that opening it after a restart replays only
-- the few events since instead of its whole log. Derived from the log (which stays the
-- truth): one that cannot be read is ignored and the game is replayed in full.
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,        -- the game's version (events applied) it was taken at
    data TEXT NOT NULL               -- JSON: see webapp/games.py, `_stored`
);

CREATE INDEX IF NOT EXISTS games_by_activity ON games (updated_at DESC);
CREATE UNIQUE INDEX IF NOT EXISTS games_by_watch_id ON games (watch_id);
CREATE INDEX IF NOT EXISTS games_by_owner ON games (owner);
-- the few deleted games, for the purge after 30 days (no entry for the others)
CREATE INDEX IF NOT EXISTS games_deleted ON games (deleted_at) WHERE deleted_at IS NOT NULL;

-- A device is a browser that opened Botdeck (a cookie); it sees in its lobby only
-- the games started or joined on it.
CREATE TABLE IF NOT EXISTS devices (
    id TEXT PRIMARY KEY,             -- the device cookie, 128 random bits
    name TEXT NOT NULL,              -- shown in the history: "Tablet", "Phone 2"…
    named INTEGER NOT NULL DEFAULT 0,  -- 1 once its owner chose or kept the name
    created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS device_games (
    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('play', 'watch')),
    joined_at TEXT NOT NULL,
    PRIMARY KEY (device_id, game_id)
);

-- The card library: decks of the players' own printed cards (and imported ones),
-- as deck files. A game copies the deck it starts with; later edits never
-- change a game already played.
CREATE TABLE IF NOT EXISTS decks (
    id TEXT PRIMARY KEY,
    bot TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,              -- JSON: the deck file
    owner TEXT,                      -- the device that made it, the only one it is listed to
                                     -- (NULL: a deck from before devices, until claimed)
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- What the table entered once and Botdeck keeps for the next game: not cards, but
-- things the players own, such as the costs printed on a faction's board, and the
-- boards they copied (key 'board:<id>': a board file; 'board-undo:<id>': the files
-- before its last taps in the editor, newest last).
CREATE TABLE IF NOT EXISTS kept (
    owner TEXT NOT NULL DEFAULT '',  -- the device that owns the game it was entered in
                                     -- ('': from before devices, until claimed)
    bot TEXT NOT NULL,
    key TEXT NOT NULL,
    data TEXT NOT NULL,              -- JSON: the entered value, as the bot checked it
    updated_at TEXT NOT NULL,
    PRIMARY KEY (owner, bot, key)
);

CREATE INDEX IF NOT EXISTS decks_by_owner ON decks (owner, bot);
