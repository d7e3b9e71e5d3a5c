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
