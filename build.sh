#!/usr/bin/env bash
# holotable's build and test entry point. Run ./build.sh help for the commands.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT="$PWD"

WEB="$ROOT/web"
CORE_PKGS=(geometry rules swm table army ops) # tested as WebAssembly under node too, when they exist

usage() {
	cat <<'EOF'
usage: ./build.sh COMMAND

  serve [--port N]  build the WebAssembly app into web/ and run tableserver: the app and its online
                    tables (rooms in data/, SQLite) on http://127.0.0.1:N/ (default 8080)
  build             build the WebAssembly bundle only (web/main.wasm, web/wasm_exec.js, .gz/.br)
  test              gofmt, go vet (native and js/wasm), go test (under Xvfb), the race detector on
                    what goroutines share, the wasm build,
                    the core packages as wasm under node, and the browser end-to-end tests.
                    Installs missing Debian packages (chromium, xvfb, ...) with apt-get.
  bench             benchmarks natively, (core packages) as wasm under node, (rules) as wasm in
                    headless Chromium, the heat map and frame times inside the WASM app, as one
                    table (bench/table.txt), and the app's warm start (bench/warmstart.txt)
  help              this text
EOF
}

say() { printf '\n==> %s\n' "$*"; }
die() {
	printf '\nFAILED: %s\n' "$*" >&2
	exit 1
}

# --- Debian packages -------------------------------------------------------------------------

# Runtime libraries Ebitengine dlopens on Linux (X11, GL/EGL via Mesa), and the -dev packages
# that are known to pull in a working set (see shared/docs/tech-notes.md §6).
GL_PKGS=(libgl1-mesa-dri libegl1 libegl-mesa0 libgles2 libgl1 libglx-mesa0 libx11-6 libxrandr2
	libxcursor1 libxinerama1 libxi6
	libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libgl1-mesa-dev libxxf86vm-dev)

pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# need_packages PURPOSE CMD:PKG... PKG...: installs the packages whose command (CMD:PKG) or
# package (PKG) is missing, saying which and why.
need_packages() {
	local why="$1"
	shift
	local missing=() item
	for item in "$@"; do
		if [[ $item == *:* ]]; then
			command -v "${item%%:*}" >/dev/null 2>&1 || missing+=("${item#*:}")
		else
			pkg_installed "$item" || missing+=("$item")
		fi
	done
	((${#missing[@]})) || return 0
	if ! command -v apt-get >/dev/null 2>&1; then
		die "missing ${missing[*]} ($why) and there is no apt-get to install them"
	fi
	local sudo=()
	if [[ $(id -u) != 0 ]]; then
		command -v sudo >/dev/null 2>&1 || die "missing ${missing[*]} ($why); run as root or install them"
		sudo=(sudo)
	fi
	say "installing ${missing[*]} ($why)"
	local log
	log=$(mktemp)
	local t0=$SECONDS
	if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update >"$log" 2>&1 ||
		! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
		tail -n 40 "$log"
		die "apt-get could not install ${missing[*]} (full log: $log)"
	fi
	echo "installed in $((SECONDS - t0))s (apt log: $log)"
}

# --- build ---------------------------------------------------------------------------------

build_wasm() {
	say "building web/main.wasm (GOOS=js GOARCH=wasm)"
	# The packages of tools/wasmflags/gcflags.txt are compiled without inlining (D152): 0.4 MB less
	# brotli; the e2e tests' own builds read the same file.
	local gcflags
	mapfile -t gcflags < <(grep -v -E '^[[:space:]]*(#|$)' "$ROOT/tools/wasmflags/gcflags.txt" | sed 's/^/-gcflags=/')
	GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' "${gcflags[@]}" -o "$WEB/main.wasm" .
	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$WEB/wasm_exec.js"
	gzip -9 -k -f "$WEB/main.wasm"
	# Brotli in Go (tools/brotli, github.com/andybalholm/brotli): nothing to install. Quality 11
	# (the smallest bundle, ~3.5 MB; about 2 CPU minutes) for the app that is served; `test` sets
	# HOLOTABLE_BROTLI_Q=5 (~4.2 MB, 2 s): its browser tests only need a .br to be served.
	rm -f "$WEB/main.wasm.br" # never serve a stale one
	go run ./tools/brotli -q "${HOLOTABLE_BROTLI_Q:-11}" "$WEB/main.wasm" >/dev/null
	local raw gz
	raw=$(stat -c %s "$WEB/main.wasm")
	gz=$(stat -c %s "$WEB/main.wasm.gz")
	printf 'web/main.wasm: %s bytes raw, %s bytes gzip, %s bytes brotli (quality %s)\n' "$raw" "$gz" \
		"$(stat -c %s "$WEB/main.wasm.br")" "${HOLOTABLE_BROTLI_Q:-11}"
}

# build_wasm_for_tests is build_wasm with a quick brotli (the tests need a .br, not the smallest).
build_wasm_for_tests() { HOLOTABLE_BROTLI_Q=5 build_wasm; }

cmd_serve() {
	local port=8080
	while (($#)); do
		case "$1" in
		--port)
			[[ $# -ge 2 ]] || die "--port needs a number"
			port="$2"
			shift 2
			;;
		--port=*)
			port="${1#--port=}"
			shift
			;;
		*) die "serve: unknown argument $1" ;;
		esac
	done
	[[ $port =~ ^[0-9]+$ ]] || die "serve: port must be a number, not $port"
	build_wasm
	local bin="${TMPDIR:-/tmp}/holotable-tableserver-$(id -u)"
	go build -o "$bin" ./cmd/tableserver
	say "holotable: open http://127.0.0.1:$port/ (Ctrl-C stops; online rooms are kept in data/)"
	exec "$bin" serve --port "$port" --data "$ROOT/data" --web "$WEB"
}

# --- test ----------------------------------------------------------------------------------

STAGE_LOG=()
stage() {
	local name="$1"
	shift
	say "$name"
	local t0=$SECONDS
	if ! "$@"; then
		STAGE_LOG+=("$(printf '%-34s FAILED after %ds' "$name" $((SECONDS - t0)))")
		print_stages
		die "$name"
	fi
	STAGE_LOG+=("$(printf '%-34s ok %4ds' "$name" $((SECONDS - t0)))")
}
print_stages() {
	printf '\nstages:\n'
	printf '  %s\n' "${STAGE_LOG[@]}"
}

existing_core_pkgs() {
	local p
	for p in "${CORE_PKGS[@]}"; do
		compgen -G "$p/*.go" >/dev/null && printf './%s/... ' "$p"
	done
	return 0
}

check_gofmt() {
	local bad
	bad=$(gofmt -l .)
	if [[ -n $bad ]]; then
		echo "these files need gofmt -w:"
		echo "$bad"
		return 1
	fi
	echo "gofmt: clean"
}

native_tests() {
	# Packages that import Ebitengine need a display: run everything under Xvfb. The browser tests
	# run in their own stage.
	local pkgs
	pkgs=$(go list ./... | grep -v '^holotable/e2e$')
	# shellcheck disable=SC2086
	HOLOTABLE_REQUIRE_DISPLAY=1 xvfb-run -a -s '-screen 0 1024x768x24' go test -count=1 $pkgs
}

# race_tests runs the tests of what is shared between goroutines (a rules world, an ops state, as
# a server shares them) under the race detector (it needs cgo: gcc).
race_tests() {
	CGO_ENABLED=1 go test -count=1 -race -run 'Concurrent' ./rules/ ./ops/
}

wasm_core_tests() {
	local pkgs
	pkgs=$(existing_core_pkgs)
	if [[ -z $pkgs ]]; then
		echo "none of ${CORE_PKGS[*]} exists yet"
		return 0
	fi
	# -short: the native stage runs every property and random test at full size; here the same
	# tests check the WebAssembly build computes the same answers, on their shorter sets (the
	# stage took 65 s at full size on 2 cores, 51 s short).
	# shellcheck disable=SC2086
	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test -count=1 -short $pkgs
}

e2e_tests() {
	HOLOTABLE_E2E=1 HOLOTABLE_WEB_DIR="$WEB" go test -count=1 -timeout 30m -v ./e2e/
}

cmd_test() {
	local t0=$SECONDS
	need_packages "browser tests, and Ebitengine tests under a virtual X display" \
		chromium:chromium xvfb-run:xvfb xauth:xauth "${GL_PKGS[@]}"
	need_packages "running Go tests compiled to WebAssembly" node:nodejs
	need_packages "the race detector (cgo)" gcc:gcc
	stage "gofmt" check_gofmt
	stage "go vet" go vet ./...
	stage "go vet (js/wasm)" env GOOS=js GOARCH=wasm go vet ./...
	stage "go test (native, under Xvfb)" native_tests
	stage "go test -race (shared worlds)" race_tests
	stage "wasm build" build_wasm_for_tests
	stage "go test (wasm under node)" wasm_core_tests
	stage "browser end-to-end (chromium)" e2e_tests
	print_stages
	printf '\nall stages passed in %ds\n' $((SECONDS - t0))
}

# bench: every benchmark natively and the core packages' as WebAssembly under node (BENCH_COUNT
# runs each, default 5), the rules package's as WebAssembly in headless Chromium, the browser test
# that times the heat map and the frame time inside the WASM app, the app's warm start (20 reloads
# and 20 new visits: bench/warmstart.txt), then one table of it all (tools/benchtable). The raw
# outputs stay in bench/ (benchstat reads them too).
cmd_bench() {
	local count="${BENCH_COUNT:-5}" out="$ROOT/bench"
	mkdir -p "$out"
	local run=()
	if command -v xvfb-run >/dev/null 2>&1; then
		run=(env HOLOTABLE_REQUIRE_DISPLAY=1 xvfb-run -a -s '-screen 0 1024x768x24')
	fi
	# -p 1: one package's benchmarks at a time (go test runs packages side by side on the cores).
	say "benchmarks (native, -count $count): bench/native.txt"
	"${run[@]}" go test -p 1 -run '^$' -bench . -benchmem -count "$count" ./... | tee "$out/native.txt"
	local pkgs
	pkgs=$(existing_core_pkgs)
	say "benchmarks (wasm under node, -count $count): bench/wasm.txt"
	# shellcheck disable=SC2086
	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test -p 1 -run '^$' -bench . -benchmem -count "$count" $pkgs | tee "$out/wasm.txt"
	need_packages "the in-browser figures" chromium:chromium
	say "benchmarks (rules as wasm in headless Chromium, -count $count): bench/wasm-chromium.txt"
	HOLOTABLE_E2E=1 HOLOTABLE_BENCH_OUT="$out/wasm-chromium.txt" HOLOTABLE_BENCH_COUNT="$count" \
		go test -count=1 -timeout 20m -v -run '^TestRulesBenchInChromium$' ./e2e/ | grep -E 'benchmark results|^(---|ok|FAIL)' || true
	build_wasm
	say "inside the WASM app (headless Chromium): e2e TestHeatMap → e2e/artifacts/perf.json"
	rm -f "$ROOT/e2e/artifacts/perf.json"
	HOLOTABLE_E2E=1 HOLOTABLE_WEB_DIR="$WEB" HOLOTABLE_BENCH_OUT="$out/wasm-chromium.txt" \
		go test -count=1 -v -run '^(TestHeatMap|TestAppFrameTime)$' ./e2e/ | grep -E 'heatmapBench|dragging|idle|^(---|ok|FAIL)' || true
	cp "$ROOT/e2e/artifacts/perf.json" "$out/perf.json" 2>/dev/null || true
	say "warm start (headless Chromium, issue 17's ≤ 1 s): bench/warmstart.txt"
	rm -f "$out/warmstart.txt"
	HOLOTABLE_E2E=1 HOLOTABLE_WEB_DIR="$WEB" HOLOTABLE_BENCH_OUT="$out/warmstart.txt" \
		go test -count=1 -timeout 20m -v -run '^TestWarmStartInChromium$' ./e2e/ | grep -E 'warm (reload|visit)|^(---|ok|FAIL)' || true
	say "the table (native and wasm: medians of $count runs)"
	local perf=()
	[[ -f $out/perf.json ]] && perf=(-perf "$out/perf.json")
	[[ -s $out/wasm-chromium.txt ]] && perf+=(-chromium "$out/wasm-chromium.txt")
	go run ./tools/benchtable/cmd/benchtable -native "$out/native.txt" -wasm "$out/wasm.txt" "${perf[@]}" | tee "$out/table.txt"
}

case "${1:-help}" in
serve)
	shift
	cmd_serve "$@"
	;;
build) build_wasm ;;
test) cmd_test ;;
bench) cmd_bench ;;
help | -h | --help) usage ;;
*)
	usage >&2
	exit 2
	;;
esac
