module github.com/nqueens/nqueens

go 1.26.8
