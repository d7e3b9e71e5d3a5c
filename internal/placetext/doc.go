// Package placetext reads placements from text: the one reader behind
// nqueens.Parse, nqueens.PlacementScanner, nqueens.ValidateReader and
// nqueens.LineValidator, whose fronts in the root are a screen each.
//
// Three forms are read, by one lexer each, shared by every reader:
//
//   - a permutation (readPerm): one-based columns separated by spaces,
//     tabs, commas or semicolons, optionally in [ ] or, one a line, ( );
//     "#" starts a comment in the forms read by line, "[]" is the empty
//     placement and an empty entry ("2,,4") is an error;
//   - a JSON record (readJSON): {"n":N,"columns":[...]}, the two fields
//     in either order and no other, columns one-based;
//   - a drawn board (board): rows of Q, q or # for a queen and . or x for
//     an empty (or blocked) square, or the grid Board draws, with its
//     column numbers, rules and "Solution #k" titles.
//
// The lexers read a byte at a time from an io.ByteScanner (a
// bufio.Reader of the input, a bytes.Reader of a line, a strings.Reader
// of Parse's argument) and hand each column to a function of the reader:
// Parse and Scanner append it to a slice, Reader stores it in 4 bytes
// and checks it against the columns before it (incremental), so that an
// attack certain before the end is found without reading further.
//
// Every reader is bounded whatever the input. A token is read to at
// most 48 bytes; a Scanner line to LineLimit(maxN) bytes and a JSON
// record over lines to as many in all, and a run of skipped lines to
// three times that; a board to maxN rows and columns; a Reader to maxN
// columns, in O(N) memory (4 bytes a column plus the checker's 0.63)
// and never the text, and to 1 MiB of blank and comment lines in a row. Errors quote at most 40 bytes of a token.
//
// Buffers: a Scanner owns its line and its placement and reuses both at
// the next Scan, as bufio.Scanner does; a Reader owns its columns; Parse
// returns a new slice. Syntax errors wrap ErrSyntax (the root's
// ErrSyntax is this one) and give the line where a reader reads lines;
// attacks are *Attack, which the root turns into *nqueens.AttackError.
package placetext
