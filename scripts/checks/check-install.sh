#!/usr/bin/env bash
# Installs a build into a scratch prefix (`cmake --install`) and checks what a desktop
# and a packager expect there (CTest `install_tree_is_complete`, docs/install.md):
#   bash scripts/checks/check-install.sh BUILD_DIR
# the programs run from their installed place, the desktop file and AppStream metadata
# validate, the MIME types register and recognise Chitra's files by content, and the
# icons, man pages, docs and sample traces are where the standards put them.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: check-install.sh BUILD_DIR}
prefix=$(mktemp -d /tmp/chitra-install-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }
need() { [[ -e "$prefix/$1" ]] || fail "missing $1"; }

need bin/chitra-cli
need share/applications/chitra.desktop
need share/metainfo/io.github.chitra_workbench.chitra.metainfo.xml
need share/mime/packages/chitra.xml
need share/icons/hicolor/scalable/apps/chitra.svg
for size in 16 24 32 48 64 128 256 512; do need "share/icons/hicolor/${size}x${size}/apps/chitra.png"; done
need share/doc/chitra/README.md
need share/doc/chitra/tutorial.md
need share/doc/chitra/images/01-open.png
need share/chitra/sample_traces/tutorial.chitra
need share/chitra/examples/philosopher1.rules
if [[ -f "$build/src/app/chitra" ]]; then need bin/chitra; fi

# The Python module, where Debian's Python looks under this prefix, importable from there.
if compgen -G "$build/python/chitra/_chitra*.so" >/dev/null; then
  site=$(echo "$prefix"/lib/python3.*/dist-packages)
  need "${site#"$prefix"/}/chitra/__init__.py"
  PYTHONPATH=$site python3 -c "import chitra, sys; sys.exit(chitra.open(sys.argv[1]).info()['files'][0]['records'] == 0)" \
    "$prefix/share/chitra/sample_traces/philosophers-n2-x100.pes" || fail "the installed module cannot read a trace"
fi

# Man pages: written from --help, with the options the programs have.
if command -v help2man >/dev/null; then
  need share/man/man1/chitra-cli.1
  grep -q 'convert' "$prefix/share/man/man1/chitra-cli.1" || fail "chitra-cli.1 lacks the subcommands"
  if [[ -f "$build/src/app/chitra" ]]; then
    need share/man/man1/chitra.1
    grep -q 'screenshot' "$prefix/share/man/man1/chitra.1" || fail "chitra.1 lacks the options"
  fi
fi

desktop-file-validate "$prefix/share/applications/chitra.desktop"
appstreamcli validate --no-net "$prefix/share/metainfo/io.github.chitra_workbench.chitra.metainfo.xml" >/dev/null \
  || appstreamcli validate --no-net "$prefix/share/metainfo/io.github.chitra_workbench.chitra.metainfo.xml"

# The MIME database built from our XML knows each type by name and by content.
update-mime-database "$prefix/share/mime"
for type in application/x-chitra-pes application/x-chitra-ctrace application/x-chitra-session; do
  grep -q "^$type\$" "$prefix/share/mime/types" || fail "$type not registered"
done
grep -q 'application/x-chitra-session:\*\.chitra' "$prefix/share/mime/globs" || fail "*.chitra glob missing"
grep -q 'chitra-pes' <(strings "$prefix/share/mime/mime.cache") || fail "PES magic missing"

# The installed programs run and read an installed sample.
"$prefix/bin/chitra-cli" --version | grep -q '^chitra-cli '
"$prefix/bin/chitra-cli" fit "$prefix/share/chitra/sample_traces/philosophers-n2-x100.pes" --format json \
  | grep -q '"steady_state"' || fail "installed chitra-cli cannot fit a sample"
if [[ -x "$prefix/bin/chitra" ]]; then
  "$prefix/bin/chitra" --version | grep -q '^chitra '
  QT_QPA_PLATFORM=offscreen "$prefix/bin/chitra" --session "$prefix/share/chitra/sample_traces/tutorial.chitra" \
    --screenshot "$prefix/shot.png" --size 800x600 2>/dev/null
  [[ -s "$prefix/shot.png" ]] || fail "installed chitra made no screenshot"
fi
echo "check-install: the installed tree is complete ($prefix)"
