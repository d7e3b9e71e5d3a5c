package render

import "math"

// The queen glyph, in a 100 × 100 box with y pointing down: a crown of five
// points, each tipped with a ball, on a band. Both the SVG symbol and the
// PNG rasterizer draw from these coordinates.

type pt struct{ x, y float64 }

type ball struct{ x, y, r float64 }

// crown is the body outline, clockwise on screen.
var crown = []pt{
	{22, 78}, {12, 34}, {32, 56}, {30, 24}, {44, 54}, {50, 20},
	{56, 54}, {70, 24}, {68, 56}, {88, 34}, {78, 78},
}

// band is the base under the crown, clockwise on screen.
var band = []pt{{18, 82}, {82, 82}, {82, 92}, {18, 92}}

var balls = []ball{
	{12, 30, 6.5}, {30, 20, 6.5}, {50, 15, 7}, {70, 20, 6.5}, {88, 30, 6.5},
}

// glyphPolys returns the glyph as polygons, balls approximated by 16-gons,
// all wound the same way so that overlaps add up under the non-zero rule.
func glyphPolys() [][]pt {
	polys := [][]pt{crown, band}
	for _, b := range balls {
		p := make([]pt, 16)
		for i := range p {
			a := 2 * math.Pi * float64(i) / 16
			p[i] = pt{b.x + b.r*math.Cos(a), b.y + b.r*math.Sin(a)}
		}
		polys = append(polys, p)
	}
	return polys
}
