#!/usr/bin/env bash
# build.sh fetches and builds the published N-Queens programs that the
# scripts/bench-*.sh scripts time side by side with nqueens. Everything goes
# into $PUB (default /tmp/pub), outside this repository: their code and build
# files never enter ours. Each program is cited by name and repository, and
# the commit built is written to $PUB/<name>/COMMIT. Idempotent: a program
# already built is not built again (rm -rf $PUB/<name> to rebuild).
#
# Usage: scripts/pub/build.sh [PROGRAM [N...]]...
#   kluev N...   Evgeny Kluev's N-Queens-Count-Sol (EvgenyKluev/N-Queens-Count-Sol),
#                C++20; board size and tuning are compile-time, so one binary
#                per N: $PUB/kluev/bin/kluev-N THREADS
#   faf          NQueensFAF's CPU solver (olepoeschl/NQueensFAF), Java (javac;
#                Kryo from Debian's libkryo-java)
#   takaken      Takaken's N-Queens Solutions ver3.1 (2003), C, from the public
#                copy in suzukiiichiro/N-Queens (06OpenCL/07_10NQueen.c)
#   mqueens      m-queens (sudden6/m-queens), C, OpenMP CPU build
#   qs4 N...     QS4 (mengxuehu/n-queens-puzzle), C++, N compile-time
#   nqc          NQ.c (FrozenVoid/NQ.c), C
#   shiftqueens  shiftqueensdiags (csplib/csplib, prob079, Gent, Jefferson &
#                Nightingale), C++, with the authors' excluded-diagonal instances
#   With no arguments: faf takaken mqueens nqc shiftqueens and kluev 16..21.
#
# Sources: a snapshot in $MIRROR/<owner>+<name>/repo (a bare git directory)
# is used when present; otherwise the repository is cloned from GitHub.
set -euo pipefail
PUB=${PUB:-/tmp/pub}
MIRROR=${MIRROR:-/work/.mirror}
mkdir -p "$PUB"

say() { echo "build.sh: $*" >&2; }

# src NAME OWNER/REPO [PATH...] extracts the repository's newest commit
# (only PATHs, when given) into $PUB/NAME/src (once) and records the commit
# in $PUB/NAME/COMMIT.
src() {
	local name=$1 repo=$2 dir=$PUB/$1/src
	shift 2
	[ -d "$dir" ] && return 0
	mkdir -p "$PUB/$name"
	local m=$MIRROR/${repo/\//+}/repo
	if [ -d "$m" ]; then
		mkdir -p "$dir.tmp"
		git --git-dir="$m" archive HEAD -- "$@" | tar -x -C "$dir.tmp"
		git --git-dir="$m" rev-parse HEAD >"$PUB/$name/COMMIT"
	else
		git clone -q --depth 1 "https://github.com/$repo" "$dir.tmp"
		git -C "$dir.tmp" rev-parse HEAD >"$PUB/$name/COMMIT"
	fi
	echo "$repo" >"$PUB/$name/REPO"
	mv "$dir.tmp" "$dir"
}

# kluevcol KEY N prints Kluev's own tuning-table entry for KEY at board
# size N, from the comment columns (s = 16 .. 22) in solcounter.h; sizes
# outside the table take its nearest column.
kluevcol() {
	local key=$1 n=$2 col
	col=$((n - 16 + 1))
	((col < 1)) && col=1
	((col > 7)) && col=7
	grep "$key" "$PUB/kluev/src/solcounter.h" | sed 's|.*//||' | awk -v c="$col" '{print $c}'
}

build_kluev() {
	src kluev EvgenyKluev/N-Queens-Count-Sol
	mkdir -p "$PUB/kluev/bin"
	local n
	for n in "$@"; do
		local bin=$PUB/kluev/bin/kluev-$n
		[ -x "$bin" ] && continue
		local d=$PUB/kluev/n$n
		rm -rf "$d" && cp -r "$PUB/kluev/src" "$d"
		local cuts min bmi pf sym
		cuts=$(kluevcol '\.sieveCuts' "$n")
		min=$(kluevcol '\.matchMinSize' "$n")
		bmi=$(kluevcol '\.bmiIntrin' "$n")
		pf=$(kluevcol '\.prefetch' "$n")
		sym=$(grep 'Subsquare Symmetry' "$d/solcounter.h" | sed 's|.*Symmetry||' | awk -v c="$((n < 16 ? 1 : n > 22 ? 7 : n - 15))" '{print $c}')
		tf() { case $1 in F) echo false ;; *) echo true ;; esac; } # '*' (N = 20) counts as on
		# The options it offers: BMI2 and prefetch (includes commented out
		# in bmintrin.h and prefetch.h), then its per-N table.
		sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$d/bmintrin.h"
		sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$d/prefetch.h"
		sed -i -e "s|^inline constexpr int size = [0-9]*;|inline constexpr int size = $n;|" \
			-e "s|\.sieveCuts = [0-9]*,|.sieveCuts = $cuts,|" \
			-e "s|\.matchMinSize = [0-9]*,|.matchMinSize = $min,|" \
			-e "s|\.bmiIntrin = [a-z]*,|.bmiIntrin = $(tf "$bmi"),|" \
			-e "s|\.prefetch = [a-z]*,|.prefetch = $(tf "$pf"),|" "$d/solcounter.h"
		if [ "$sym" = RowS ]; then
			sed -i 's|Subsquare<size / 2, QNoSymmetry, PackIter>|Subsquare<size / 2, QRowSymmetry, PackIter>|' "$d/solcounter.h"
		fi
		say "kluev N=$n: sieveCuts=$cuts matchMinSize=$min bmiIntrin=$bmi prefetch=$pf symmetry=${sym:-NoSy}"
		echo "g++ -std=c++20 -O3 -march=native -mtune=native -pthread main.cpp (size=$n sieveCuts=$cuts matchMinSize=$min bmiIntrin=$bmi prefetch=$pf ${sym:-NoSy}; bmi2.h and prefetchx86.h included)" >"$PUB/kluev/BUILD-$n"
		(cd "$d" && g++ -std=c++20 -O3 -march=native -mtune=native -pthread -o "$bin" main.cpp) || return 1
	done
}

build_faf() {
	src faf olepoeschl/NQueensFAF
	[ -f "$PUB/faf/classpath" ] && return 0
	# The CPU solver and its own example driver (reads N and the thread
	# count from standard input), compiled with javac: Maven would also
	# want the GPU solver's LWJGL/OpenCL artifacts, which a machine without
	# Maven Central lacks. Kryo (used only for its save files) comes from
	# Debian's libkryo-java (2.20; the pom asks for 5.x, whose
	# register/readObject/writeObject calls are the same).
	command -v javac >/dev/null || { say "faf: needs a JDK 17+ (apt-get install -y default-jdk-headless)"; return 1; }
	[ -f /usr/share/java/kryo.jar ] || { say "faf: needs Kryo (apt-get install -y libkryo-java)"; return 1; }
	local j=/usr/share/java cp
	cp=$j/kryo.jar:$j/minlog.jar:$j/objenesis.jar:$j/reflectasm.jar:$j/asm.jar
	local s=$PUB/faf/src
	rm -rf "$PUB/faf/classes" && mkdir -p "$PUB/faf/classes"
	javac -nowarn -d "$PUB/faf/classes" -cp "$cp" "$s"/nqueensfaf-core/src/main/java/de/nqueensfaf/core/*.java \
		"$s"/nqueensfaf-impl/src/main/java/de/nqueensfaf/impl/{CpuSolver,Constellation,ConstellationUtils,ConstellationsGenerator}.java \
		"$s"/nqueensfaf-examples/src/main/java/de/nqueensfaf/examples/CpuSolverExample.java || return 1
	echo "javac nqueensfaf-core/**/*.java nqueensfaf-impl/.../{CpuSolver,Constellation,ConstellationUtils,ConstellationsGenerator}.java nqueensfaf-examples/.../CpuSolverExample.java (Kryo from libkryo-java); run: printf 'N\\nTHREADS\\n' | java -cp CLASSPATH de.nqueensfaf.examples.CpuSolverExample" >"$PUB/faf/BUILD"
	echo "$PUB/faf/classes:$cp" >"$PUB/faf/classpath"
}

build_takaken() {
	src takaken suzukiiichiro/N-Queens 06OpenCL/07_10NQueen.c
	local bin=$PUB/takaken/takaken
	[ -x "$bin" ] && return 0
	# Takaken's ver3.1 as published, its main looping over MINSIZE..MAXSIZE;
	# the only change is that the one size comes from argv[1].
	local f=$PUB/takaken/takaken.c
	sed -e 's|^int main(void)|int main(int argc, char **argv)|' \
		-e 's|for (SIZE=MINSIZE; SIZE<=MAXSIZE; SIZE++)|for (SIZE=atoi(argv[1]); SIZE<=atoi(argv[1]); SIZE++)|' \
		"$PUB/takaken/src/06OpenCL/07_10NQueen.c" >"$f"
	sed -i '1i #include <stdlib.h>' "$f"
	echo "gcc -O3 -march=native -mtune=native takaken.c (06OpenCL/07_10NQueen.c, main takes N from argv[1])" >"$PUB/takaken/BUILD"
	gcc -O3 -march=native -mtune=native -w -o "$bin" "$f" || return 1
}

build_mqueens() {
	src mqueens sudden6/m-queens
	local bin=$PUB/mqueens/m-queens
	[ -x "$bin" ] && return 0
	echo "gcc -O3 -march=native -mtune=native -std=c99 -fopenmp main.c (threads: OMP_NUM_THREADS)" >"$PUB/mqueens/BUILD"
	gcc -O3 -march=native -mtune=native -std=c99 -fopenmp -o "$bin" "$PUB/mqueens/src/main.c" || return 1
}

build_qs4() {
	src qs4 mengxuehu/n-queens-puzzle
	mkdir -p "$PUB/qs4/bin"
	local n
	for n in "$@"; do
		local bin=$PUB/qs4/bin/qs4-$n
		[ -x "$bin" ] && continue
		local d=$PUB/qs4/n$n
		rm -rf "$d" && cp -r "$PUB/qs4/src" "$d"
		sed -i "s|^#define N [0-9]*|#define N $n|" "$d/solver.h"
		(cd "$d" && g++ -std=c++14 -O3 -march=native -mtune=native -include numeric -include random -o "$bin" solver.cpp test.cpp) || return 1
	done
	echo "g++ -std=c++14 -O3 -march=native -mtune=native solver.cpp test.cpp (#define N in solver.h set per size; -include numeric -include random, headers newer GCC no longer pulls in)" >"$PUB/qs4/BUILD"
}

build_nqc() {
	src nqc FrozenVoid/NQ.c
	local bin=$PUB/nqc/nq
	[ -x "$bin" ] && return 0
	# The flags of its own nqbench.sh.
	local flags="-Ofast -march=native -mtune=native -Wall -Wno-unused -pipe -DSILENCE -DNOFILEINPUT -DNOFILEOUTPUT -DNOSCRAMBLE -DNOPRINTBOARD -DNOINTEGRITY -DNOVERIFIER -DNOPRESOLVED -DNDEBUG -DNOSYNTAX"
	echo "gcc nq.c $flags (its nqbench.sh)" >"$PUB/nqc/BUILD"
	(cd "$PUB/nqc/src" && gcc nq.c $flags -o "$bin") || return 1
}

build_shiftqueens() {
	local paths=(Problems/prob079/models/shiftqueensdiags.cc Problems/prob079/data/AA-Excluded-Diagonals-Info.md) n
	for n in $(seq 8 21); do paths+=("Problems/prob079/data/diag-$n.tar.gz"); done
	src shiftqueens csplib/csplib "${paths[@]}"
	local bin=$PUB/shiftqueens/shiftqueensdiags
	[ -x "$bin" ] && return 0
	echo "g++ -O3 Problems/prob079/models/shiftqueensdiags.cc (as its header says)" >"$PUB/shiftqueens/BUILD"
	g++ -O3 -w -o "$bin" "$PUB/shiftqueens/src/Problems/prob079/models/shiftqueensdiags.cc" || return 1
}

if [ $# -eq 0 ]; then
	set -- faf takaken mqueens nqc shiftqueens kluev 16 17 18 19 20 21
fi
status=0
while [ $# -gt 0 ]; do
	prog=$1
	shift
	args=()
	while [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; do
		args+=("$1")
		shift
	done
	case $prog in
	kluev | qs4)
		[ ${#args[@]} -gt 0 ] || { say "$prog needs the sizes to build"; exit 2; } ;;
	faf | takaken | mqueens | nqc | shiftqueens) ;;
	*) say "unknown program $prog"; exit 2 ;;
	esac
	if ! "build_$prog" "${args[@]}"; then
		say "$prog: not built"
		status=3
	fi
done
exit $status
