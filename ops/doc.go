// Package ops holds the table as a validated log of typed operations: every change the app (or a
// server, or the judge replaying a game) can make to a table file is a plain value of one of the
// registered kinds, with one canonical JSON form (docs/format-ops.md), validated against the
// file and its rules world before it applies, and the table is always exactly its first file plus
// its log replayed.
//
// An operation (Op) does not change a file in place. Its Plan validates it against a State (a file
// and its rules world, built on first use) and returns a Patch: the entities it replaces, inserts
// or removes (terrain pieces, units, minis, tokens, the setup, or the whole file), each with its
// value before and after. Apply checks every entity the patch writes as table.Load would (the
// loader's own code, in its own words) and builds the new file copy-on-write: the old file stays
// as it was, and the new one shares everything the patch did not touch. The inverse of a patch
// puts every entity back as it was, so undo restores a file byte for byte, and a patch applies
// only to a file whose entities are still what it expects (an undo of an entity someone else has
// changed since is refused, not merged).
//
// A Log (log.go) is a first file and the entries after it: each an op with its id (unique in the
// log, so that a retried op can be recognised) and its author (a side or a name). Undo and redo
// are operations too: an undo appends the inverse of the author's last op (or group of ops), so
// one author's undo never takes back another's work; the author's next new op drops the redo.
// A game record (record.go) is the first file and the log as JSON; Replay validates every op in
// order.
//
// Files: doc.go, kind.go (Op, Kind, the registry), codec.go (canonical encoding, strict
// decoding), words.go (English and German words: descriptions and refusals), refusal.go, patch.go
// (edits, copy-on-write apply, checks), state.go, apply.go (Validate, Apply, Preview), log.go,
// record.go, shapes.go (terrain outlines moved, turned, mirrored), and one file per operation
// kind (terrain_*.go, unit_*.go, minis_move.go, mini_*.go, layout_mirror.go, setup_*.go,
// table_import.go, undo.go).
//
// Determinism: the same op on the same file gives the same file, byte for byte in table.Save,
// natively and in WebAssembly: plans use only package rules and float64 arithmetic (no map order,
// no time, no randomness; an op that needs a random choice carries its outcome).
package ops
