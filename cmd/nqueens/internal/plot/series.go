package plot

import "slices"

// A Point is one value of a Series: its board size and value.
type Point struct {
	N int
	V float64
}

// A Series is one line of the chart: a quantity of one method, or of
// all of them for Solutions and Unique (every method counts the same
// solutions, so the chart draws them once).
type Series struct {
	Quantity Quantity
	Method   string // "" for Solutions and Unique
	Label    string // the legend's text
	Points   []Point
}

// A Chart collects the rows of a count to draw. The zero value is an
// empty chart with no title.
type Chart struct {
	// Title is drawn above the chart; "" draws none.
	Title string
	rows  []Row
}

// Add appends a finished row to the chart.
func (c *Chart) Add(r Row) { c.rows = append(c.rows, r) }

// Rows returns the rows added, in order.
func (c *Chart) Rows() []Row { return slices.Clone(c.rows) }

// Methods returns the methods of the rows in the order they first
// appear.
func (c *Chart) Methods() []string {
	var ms []string
	for _, r := range c.rows {
		if !slices.Contains(ms, r.Method) {
			ms = append(ms, r.Method)
		}
	}
	return ms
}

// Series returns the lines the chart draws: Solutions and Unique (the
// first row of each N gives the value), then Nodes of each method, then
// Seconds of each method, methods in the order of Methods. Points are
// ordered by N; zero values are left out (a log scale cannot show them)
// and so are series left with no points.
func (c *Chart) Series() []Series {
	var out []Series
	add := func(s Series, rows []Row) {
		seen := map[int]bool{}
		for _, r := range rows {
			if seen[r.N] {
				continue
			}
			seen[r.N] = true
			if v := r.value(s.Quantity); v > 0 {
				s.Points = append(s.Points, Point{r.N, v})
			}
		}
		slices.SortStableFunc(s.Points, func(a, b Point) int { return a.N - b.N })
		if len(s.Points) > 0 {
			out = append(out, s)
		}
	}
	for _, q := range []Quantity{Solutions, Unique} {
		add(Series{Quantity: q, Label: Label(q, "")}, c.rows)
	}
	for _, q := range []Quantity{Nodes, Seconds} {
		for _, m := range c.Methods() {
			var rows []Row
			for _, r := range c.rows {
				if r.Method == m {
					rows = append(rows, r)
				}
			}
			add(Series{Quantity: q, Method: m, Label: Label(q, m)}, rows)
		}
	}
	return out
}

// Label is the legend text of the series of quantity q and method m:
// "solutions", "unique solutions", "nodes, arrays", "time, board".
func Label(q Quantity, m string) string {
	name := string(q)
	switch q {
	case Unique:
		name = "unique solutions"
	case Seconds:
		name = "time"
	}
	if m == "" {
		return name
	}
	return name + ", " + m
}
