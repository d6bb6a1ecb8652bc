#!/bin/sh
# The viewer's pure-logic JS tests (src/test/js) under `node --test`, run by Maven in the test phase.
# Without node on the PATH they are skipped, loudly: the browser tests still cover the viewer end to end.
# A failing node test exits non-zero, which fails the build.
set -eu
cd "${0%/*}/js"
if ! command -v node >/dev/null 2>&1; then
  echo "[web-viewer] node is not on the PATH: SKIPPING the viewer's JS tests (web-viewer/src/test/js). Install Node.js 18+ to run them."
  exit 0
fi
echo "[web-viewer] node $(node --version): running the viewer's JS tests (web-viewer/src/test/js)"
exec node --test *.test.mjs
