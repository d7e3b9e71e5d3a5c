package nqueens_test

import (
	"context"
	"fmt"
	"os"

	"github.com/nqueens/nqueens"
)

func ExampleFind() {
	p, err := nqueens.Find(8)
	fmt.Println(p, err)
	_, err = nqueens.Find(3)
	fmt.Println(err)
	// Output:
	// 4 6 8 2 7 1 3 5 <nil>
	// n = 3: no solution
}

func ExampleWriteFind() {
	// Streams in constant memory; N = 10^8 works the same way.
	nqueens.WriteFind(os.Stdout, 10, nqueens.FormatPerm)
	nqueens.WriteFind(os.Stdout, 5, nqueens.FormatJSON)
	// Output:
	// 2 4 6 8 10 1 3 5 7 9
	// {"n":5,"columns":[2,4,1,3,5]}
}

func ExampleRandom() {
	s, err := nqueens.Random(context.Background(), 1_000_000, nqueens.RandomOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := s.Placement()
	fmt.Println(p.N(), nqueens.Validate(p))
	// Output:
	// 1000000 <nil>
}

// The queen in row 1 is given and square 5:3 is blocked. The completion
// found is not the lexicographically first: the search goes by the most
// constrained row or column.
func ExampleComplete() {
	b, _ := nqueens.ParsePuzzle(`
Q.......
........
........
........
..x.....
........
........
........
`)
	res, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
	fmt.Println(res.Placement, err, nqueens.Validate(res.Placement))
	res, _ = nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{Count: true})
	fmt.Println(res.Count, "completions")
	// Output:
	// 1 7 5 8 2 4 6 3 <nil> <nil>
	// 3 completions
}

func ExampleGeneratePuzzle() {
	b, _ := nqueens.GeneratePuzzle(nqueens.FamilyDiagonals, 8, 3, 1)
	fmt.Print(b)
	// Output:
	// x.......
	// .x......
	// ..x.....
	// ...x....
	// ....x..x
	// .....xx.
	// .....xx.
	// x...x..x
}
