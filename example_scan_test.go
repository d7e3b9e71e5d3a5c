package nqueens_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/nqueens/nqueens"
)

// A stream in the forms the commands write: a permutation, a JSON
// record and a board with a blocked square, checked one at a time.
func ExamplePlacementScanner() {
	in := "1 5 8 6 3 7 2 4\n" +
		`{"n":4,"columns":[1,2,3,4]}` + "\n" +
		"\n# from complete --format board\n.Q.x\n...Q\nQ...\n..Q.\n"
	sc := nqueens.NewPlacementScanner(strings.NewReader(in), 0)
	for sc.Scan(context.Background()) {
		fmt.Printf("line %d: %v: %v\n", sc.Line(), sc.Placement(), nqueens.Validate(sc.Placement()))
	}
	fmt.Println(sc.Err())
	// Output:
	// line 1: 1 5 8 6 3 7 2 4: <nil>
	// line 2: 1 2 3 4: rows 1 and 2: queens at columns 1 and 2 are on the same diagonal
	// line 5: 2 4 1 3: <nil>
	// <nil>
}

// A permutation checked as it is read, in O(N) memory. An attack is
// reported as Validate reports it, as soon as it is certain: here after
// the fifth queen, without reading the rest.
func ExampleValidateReader() {
	for _, text := range []string{"5 2 6 1 7 4 8 3", "2 4 1 3 2 4 1 3", "2 4 1 9"} {
		n, err := nqueens.ValidateReader(strings.NewReader(text))
		fmt.Printf("%d: %v\n", n, err)
	}
	// Output:
	// 8: <nil>
	// 5: rows 1 and 5: queens at columns 2 and 2 are on the same column
	// 4: bad placement: entry 4: column 9 is off a 4-column board
}

// A stream of placements of any size, one a line, as 'find' writes
// them: each gets a verdict; a line that is not a placement ends the
// stream.
func ExampleLineValidator() {
	in := "# nqueens find 8\n5 2 6 1 7 4 8 3\n1 1\n" +
		`{"n":4,"columns":[2,4,1,3]}` + "\n[1,2,x]\n"
	v := nqueens.NewLineValidator(strings.NewReader(in))
	for v.Next() {
		fmt.Printf("line %d: N = %d: %v\n", v.Line(), v.N(), v.Verdict())
	}
	fmt.Println(v.Err())
	// Output:
	// line 2: N = 8: <nil>
	// line 3: N = 2: rows 1 and 2: queens at columns 1 and 1 are on the same column
	// line 4: N = 4: <nil>
	// bad placement: line 5: entry 3: "x" is not a column number
}
