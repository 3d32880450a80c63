package swm

import (
	"fmt"

	"holotable/rules"
	"holotable/table"
)

// Movement reach (the digest's §1.16 D; seed 004 L258–282, L516–544, L664–678, L736, L828,
// L1066, L1090, L1416, L1476). A figure of size n moves its whole n × n space one square at a
// time, orthogonally (cost 1) or diagonally (cost 2); a step into a space with low objects or
// difficult terrain costs double (any part of a big space counts, L534). The budget is its speed
// when it will attack, twice its speed when it will not, +2 for a Force point, plus any bonus.
//
// A step is legal when every square of the moving space crosses no wall or closed door (an
// orthogonal step crosses a unit edge, a diagonal one passes a lattice point, which no wall may
// touch: the corner rule), the new space lies on the map, holds no solid square, no pit (unless
// the figure flies) and no enemy (unless it flies or leaps with the Force), and no wall runs
// through it. Allies may be passed but not ended on; a pit may be flown over but not ended on.
// Large and Huge figures that are not Rigid may squeeze (L538, L1416): a space that does not fit
// may still be passed when a strip of it ⌈n/2⌉ squares wide (1 for Large, 2 for Huge) along its
// full length fits, the strip slides legally, and no enemy is in the space or next to it (it
// squeezes past no enemy, L538, and through no gap an enemy narrows, L544); a squeezed space is
// never an end.
//
// Leaving a space adjacent to an enemy (next to it, in line of sight) allows that enemy an attack
// of opportunity (L664–678): the steps are marked. Flight and Force Leap provoke none. Each end's
// path is a cheapest one, and among those one with the fewest provoking steps.

// ReachOptions are the choices of a move.
type ReachOptions struct {
	Double    bool // no attack this turn: twice the speed (L505, L1404)
	Force     bool // one Force point: 2 more squares (L736)
	Bonus     int  // further squares from abilities (Knight Speed +4, L1182; …)
	ForceLeap bool // through enemies, no attacks of opportunity (L1090)
}

// End is a square where the figure may end its move (its space's least square), the cost of a
// cheapest path there and how many steps of that path provoke attacks of opportunity.
type End struct {
	X, Y, Cost, Provoking int
}

// Step is one step of a path: from and to (space anchors), its cost, whether the figure is
// squeezing at its end, and the enemies whose attacks of opportunity leaving the from-space
// provokes.
type Step struct {
	From     [2]int   `json:"from"`
	To       [2]int   `json:"to"`
	Cost     int      `json:"cost"`
	Squeezed bool     `json:"squeezed,omitempty"`
	Provokes []string `json:"provokes,omitempty"`
}

// Reach is the answer to "where can this figure move".
type Reach struct {
	Figure  string
	Budget  int
	Ends    []End
	Reasons []rules.Reason

	b      *Board
	fig    int
	n      int
	flight bool
	noAoO  bool
	cost   []int // per anchor: cost of the cheapest path, −1 unreached
	aoo    []int
	prev   []int
	pos    [2][]posKind // per anchor, walking and flying
}

// posKind classifies an anchor for the moving figure.
type posKind uint8

const (
	posUnknown posKind = iota
	posBlocked
	posSqueezed // passable only squeezing
	posFits     // the whole space fits
)

// ReachOf answers movement reach for figure id.
func (b *Board) ReachOf(id string, o ReachOptions) (*Reach, error) {
	g, gi, err := b.Figure(id)
	if err != nil {
		return nil, err
	}
	if o.Bonus < 0 || o.Bonus > table.MaxSpeed {
		return nil, fmt.Errorf("bonus %d: must be 0 to %d squares", o.Bonus, table.MaxSpeed)
	}
	r := &Reach{Figure: id, b: b, fig: gi, n: g.Size.Squares(),
		flight: g.Abilities.Has(table.AbilityFlight), noAoO: o.ForceLeap || g.Abilities.Has(table.AbilityFlight)}
	r.Budget = g.Speed
	if o.Double {
		r.Budget *= 2
	}
	if o.Force {
		r.Budget += 2
	}
	r.Budget += o.Bonus
	r.search(g, o)
	r.reasons(g, o)
	return r, nil
}

func (r *Reach) idx(x, y int) int { return y*r.b.w + x }

// kind classifies the anchor (x, y) for a figure walking or flying (cached).
func (r *Reach) kind(x, y int, fly bool, o ReachOptions) posKind {
	b := r.b
	if x < 0 || y < 0 || x+r.n > b.w || y+r.n > b.h {
		return posBlocked
	}
	i := r.idx(x, y)
	m := 0
	if fly {
		m = 1
	}
	if r.pos[m][i] != posUnknown {
		return r.pos[m][i]
	}
	k := posBlocked
	sp := Space{x, y, r.n}
	if !r.enemyIn(sp, fly, o) {
		if r.rectOK(x, y, r.n, r.n, fly) {
			k = posFits
		} else if r.canSqueeze() && !r.enemyIn(Space{x - 1, y - 1, r.n + 2}, fly, o) &&
			r.strips(sp, func(x, y, w, h int) bool { return r.rectOK(x, y, w, h, fly) }) {
			k = posSqueezed // no enemy in or next to a squeezing space: it squeezes past none
		}
	}
	r.pos[m][i] = k
	return k
}

// enemyIn reports whether an enemy stands in the space (and the figure may not pass enemies).
func (r *Reach) enemyIn(sp Space, fly bool, o ReachOptions) bool {
	if fly || o.ForceLeap {
		return false
	}
	b := r.b
	me := b.f.Figures[r.fig]
	found := false
	sp.Squares(func(x, y int) {
		if !b.on(x, y) {
			return
		}
		if k := b.occupant[y*b.w+x]; k >= 0 && k != r.fig && b.f.Figures[k].Side != me.Side {
			found = true
		}
	})
	return found
}

// squareOK: the square may be part of the moving space (not solid; not a pit unless flying).
func (r *Reach) squareOK(x, y int, fly bool) bool {
	switch r.b.at(x, y) {
	case table.SquareSolid:
		return false
	case table.SquarePit:
		return fly
	}
	return true
}

// rectOK: the w × h block of squares at (x, y) is passable with no wall inside it.
func (r *Reach) rectOK(x, y, w, h int, fly bool) bool {
	b := r.b
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			if !r.squareOK(x+i, y+j, fly) {
				return false
			}
			if i > 0 && b.wallV(x+i, y+j) || j > 0 && b.wallH(x+i, y+j) {
				return false
			}
			if i > 0 && j > 0 && b.pointTouched(x+i, y+j) {
				return false
			}
		}
	}
	return true
}

func (r *Reach) canSqueeze() bool {
	return r.n >= 2 && !r.b.f.Figures[r.fig].Abilities.Has(table.AbilityRigid)
}

// strips calls fn with every squeezing strip of the space: ⌈n/2⌉ squares wide, n long, either way.
func (r *Reach) strips(sp Space, fn func(x, y, w, h int) bool) bool {
	w := (r.n + 1) / 2
	for a := 0; a+w <= r.n; a++ {
		if fn(sp.X+a, sp.Y, w, r.n) || fn(sp.X, sp.Y+a, r.n, w) {
			return true
		}
	}
	return false
}

// slides reports whether the w × h block at (x, y) moves by (dx, dy) without crossing a wall.
func (r *Reach) slides(x, y, w, h, dx, dy int) bool {
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			if !r.b.passes(x+i, y+j, dx, dy) {
				return false
			}
		}
	}
	return true
}

// step checks the step from anchor (x, y) by (dx, dy) and returns its cost (0: illegal) and
// whether it is made flying.
func (r *Reach) step(x, y, dx, dy int, o ReachOptions) (cost int, fly bool) {
	fly = r.flies(x, y, dx, dy)
	from, to := r.kind(x, y, fly, o), r.kind(x+dx, y+dy, fly, o)
	if from == posBlocked || to == posBlocked {
		return 0, false
	}
	ok := false
	var moved [4]int // the block whose terrain decides the cost (the space, or the strip)
	if from == posFits && to == posFits {
		ok = r.slides(x, y, r.n, r.n, dx, dy)
		moved = [4]int{x + dx, y + dy, r.n, r.n}
	} else {
		ok = r.strips(Space{x, y, r.n}, func(sx, sy, w, h int) bool {
			if r.rectOK(sx, sy, w, h, fly) && r.rectOK(sx+dx, sy+dy, w, h, fly) && r.slides(sx, sy, w, h, dx, dy) {
				moved = [4]int{sx + dx, sy + dy, w, h}
				return true
			}
			return false
		})
	}
	if !ok {
		return 0, false
	}
	cost = 1
	if dx != 0 && dy != 0 {
		cost = 2
	}
	if !fly && r.slow(moved) {
		cost *= 2
	}
	return cost, fly
}

// slow reports whether the block holds low objects or difficult terrain.
func (r *Reach) slow(blk [4]int) bool {
	for j := 0; j < blk[3]; j++ {
		for i := 0; i < blk[2]; i++ {
			switch r.b.at(blk[0]+i, blk[1]+j) {
			case table.SquareLow, table.SquareDifficult:
				return true
			}
		}
	}
	return false
}

// flies reports whether the step is made as a flyer (enemies, low objects, difficult terrain and
// pits ignored): always with Flight; with Wall Climber while the space it is in and the one it
// moves into are each bounded by a wall (a wall on an edge of the space's outline, L1476).
func (r *Reach) flies(x, y, dx, dy int) bool {
	g := r.b.f.Figures[r.fig]
	if r.flight {
		return true
	}
	return g.Abilities.Has(table.AbilityWallClimber) && r.bounded(x, y) && r.bounded(x+dx, y+dy)
}

// bounded reports whether a wall lies on the outline of the space at anchor (x, y).
func (r *Reach) bounded(x, y int) bool {
	b := r.b
	if x < 0 || y < 0 || x+r.n > b.w || y+r.n > b.h {
		return false
	}
	for i := 0; i < r.n; i++ {
		if b.wallH(x+i, y) || b.wallH(x+i, y+r.n) || b.wallV(x, y+i) || b.wallV(x+r.n, y+i) {
			return true
		}
	}
	return false
}

// provokers lists the enemies adjacent to the figure standing at anchor (x, y): leaving it
// provokes their attacks of opportunity.
func (r *Reach) provokers(x, y int) []string {
	if r.noAoO {
		return nil
	}
	b := r.b
	me := b.f.Figures[r.fig]
	sp := Space{x, y, r.n}
	var out []string
	for k, e := range b.f.Figures {
		if k == r.fig || e.Side == me.Side {
			continue
		}
		es := SpaceOf(e)
		if sp.Touches(es) && b.Sees(sp, es) {
			out = append(out, e.ID)
		}
	}
	return out
}

// endOK: the figure may end at anchor (x, y): it fits, no other figure and no pit in it.
func (r *Reach) endOK(x, y int, o ReachOptions) bool {
	if r.kind(x, y, false, o) != posFits {
		return false
	}
	b := r.b
	ok := true
	Space{x, y, r.n}.Squares(func(sx, sy int) {
		if k := b.occupant[sy*b.w+sx]; k >= 0 && k != r.fig || b.at(sx, sy) == table.SquarePit {
			ok = false
		}
	})
	return ok
}

func (r *Reach) search(g table.Figure, o ReachOptions) {
	b := r.b
	n := b.w * b.h
	r.cost, r.aoo, r.prev = make([]int, n), make([]int, n), make([]int, n)
	r.pos = [2][]posKind{make([]posKind, n), make([]posKind, n)}
	for i := range r.cost {
		r.cost[i], r.prev[i] = -1, -1
	}
	provoked := make([]int8, n) // 0 unknown, 1 provokes, 2 does not
	provokes := func(i int) bool {
		if provoked[i] == 0 {
			provoked[i] = 2
			if len(r.provokers(i%b.w, i/b.w)) > 0 {
				provoked[i] = 1
			}
		}
		return provoked[i] == 1
	}
	start := r.idx(g.X, g.Y)
	r.cost[start] = 0
	buckets := make([][]int, r.Budget+1)
	buckets[0] = append(buckets[0], start)
	for d := 0; d <= r.Budget; d++ {
		for k := 0; k < len(buckets[d]); k++ {
			i := buckets[d][k]
			if r.cost[i] != d {
				continue
			}
			x, y := i%b.w, i/b.w
			for _, s := range steps {
				c, fly := r.step(x, y, s.dx, s.dy, o)
				if c == 0 || d+c > r.Budget {
					continue
				}
				j := r.idx(x+s.dx, y+s.dy)
				nc, na := d+c, r.aoo[i]
				if !fly && provokes(i) {
					na++
				}
				if r.cost[j] >= 0 && (r.cost[j] < nc || r.cost[j] == nc && r.aoo[j] <= na) {
					continue
				}
				r.cost[j], r.aoo[j], r.prev[j] = nc, na, i
				buckets[nc] = append(buckets[nc], j)
			}
		}
	}
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			i := r.idx(x, y)
			if r.cost[i] >= 0 && r.endOK(x, y, o) {
				r.Ends = append(r.Ends, End{X: x, Y: y, Cost: r.cost[i], Provoking: r.aoo[i]})
			}
		}
	}
}

// PathTo returns a cheapest path to the end anchor (x, y), with the fewest provoking steps among
// the cheapest, and whether (x, y) is an end.
func (r *Reach) PathTo(x, y int) ([]Step, bool) {
	if !r.b.on(x, y) {
		return nil, false
	}
	j := r.idx(x, y)
	isEnd := false
	for _, e := range r.Ends {
		if e.X == x && e.Y == y {
			isEnd = true
		}
	}
	if !isEnd {
		return nil, false
	}
	var rev []Step
	for j >= 0 && r.prev[j] >= 0 {
		i := r.prev[j]
		fx, fy, tx, ty := i%r.b.w, i/r.b.w, j%r.b.w, j/r.b.w
		st := Step{From: [2]int{fx, fy}, To: [2]int{tx, ty}, Cost: r.cost[j] - r.cost[i]}
		fly := r.flies(fx, fy, tx-fx, ty-fy)
		m := 0
		if fly {
			m = 1
		}
		st.Squeezed = r.pos[m][j] == posSqueezed
		if !fly {
			st.Provokes = r.provokers(fx, fy)
		}
		rev = append(rev, st)
		j = i
	}
	out := make([]Step, len(rev))
	for i, s := range rev {
		out[len(rev)-1-i] = s
	}
	return out, true
}

func (r *Reach) reasons(g table.Figure, o ReachOptions) {
	budget := fmt.Sprintf("speed %d", g.Speed)
	if o.Double {
		budget = fmt.Sprintf("twice its speed %d (no attack)", g.Speed)
	}
	if o.Force {
		budget += ", +2 for a Force point"
	}
	if o.Bonus > 0 {
		budget += fmt.Sprintf(", +%d bonus", o.Bonus)
	}
	add := func(rule rules.Code, cite, text string) {
		r.Reasons = append(r.Reasons, rules.Reason{Rule: rule, Cite: cite, Text: text})
	}
	add("move-budget", CiteSpeed, fmt.Sprintf("%s may move %d squares (%s): %d end squares", r.Figure, r.Budget, budget, len(r.Ends)))
	if o.Force {
		add("force-move", CiteForceMove, "a Force point adds 2 squares to the move")
	}
	add("move-cost", CiteMoveCost, "a diagonal step costs 2; entering low objects or difficult terrain costs double")
	add("corner", CiteCorner, "no diagonal step past a wall's corner that reaches the intersection")
	add("move-blocked", CiteMoveBlock, "walls, closed doors, solid objects and pits block movement")
	add("allies", CiteAllies, "allies may be passed, not ended on")
	if r.n > 1 {
		add("big", CiteBigMove, fmt.Sprintf("a %s figure pays double when any part of its space enters low objects or difficult terrain", g.Size))
		if r.canSqueeze() {
			add("squeeze", CiteSqueeze, fmt.Sprintf("it may squeeze through gaps %d square(s) wide, never ending there and never past enemies", (r.n+1)/2))
		} else {
			add("squeeze", CiteSqueeze, "it is Rigid: it cannot squeeze")
		}
	}
	switch {
	case r.flight:
		add("flight", CiteFlight, "it flies: enemies, low objects, difficult terrain and pits do not stop it, and it provokes no attacks of opportunity")
	case o.ForceLeap:
		add("force-leap", CiteForceLeap, "Force Leap: it moves through enemies and provokes no attacks of opportunity")
	default:
		add("enemies", CiteEnemies, "enemies cannot be passed")
		add("aoo", CiteAoO, "leaving a square next to an enemy in line of sight provokes its attack of opportunity")
	}
	if g.Abilities.Has(table.AbilityWallClimber) && !r.flight {
		add("wall-climber", CiteWallClimber, "between spaces bounded by walls it moves as if flying: enemies, low objects, difficult terrain and pits do not stop it")
	}
}
