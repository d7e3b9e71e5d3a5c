// Package render draws N-Queens boards as pictures and text.
//
// A board is given as a column slice: cols[i] is the zero-based column of the
// queen in row i, or -1 when row i holds no queen (a partial board, as met
// during a search). The board has len(cols) rows and columns. Row 0 is drawn
// at the top and labelled 1, column 0 at the left and labelled 1, matching
// the one-based placement text ("2 4 1 3": row 1's queen in column 2).
// Columns are not lettered: with rows counted from the top, a chess name
// such as a1 would sit top left, where a chessboard has a8. Square (row 0,
// column 0) is light, as on a chessboard seen from White's side.
//
// Four formats are offered:
//
//   - SVG writes a standalone SVG document; the squares are one pattern
//     fill, so a 1,000 × 1,000 board stays a small file. SVGSheet lays
//     several boards out in a grid in one document.
//   - PNG and Image draw with the standard library's image packages; the
//     queen is a vector shape rasterized with golang.org/x/image/vector and
//     the labels use the built-in 7×13 bitmap font, so no font files are
//     needed.
//   - Text writes the ASCII grid of nqueens.Placement.Board: a
//     column-number header, "---" rules and a "#" per queen.
//   - Unicode writes ♛ on light (░) and dark (▓) squares.
//
// Boards from 1 to MaxN columns are accepted. Cell sizes shrink as N grows
// so that a picture stays near 800 pixels or less across (one pixel per
// cell at N = 1,000), and labels are thinned out so that they never overlap.
package render
