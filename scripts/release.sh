#!/usr/bin/env bash
# A release to pin: checks that every pin names VERSION, builds the tarballs, and writes what the
# release needs.
#   scripts/release.sh              make dist, then dist/RELEASE-NOTES-VERSION.md (the CHANGELOG's
#                                   section for VERSION and the tarballs' SHA-256 lines) and the
#                                   commands that tag and publish it
#   scripts/release.sh --check-pins only the pins (make lint runs this): every `@vX.Y.Z` and every
#                                   `albumreport[-compare]-X.Y.Z` tarball named in README.md, docs/,
#                                   examples/ and action.yml must be VERSION, and CHANGELOG.md must
#                                   have a section for it
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(tr -d '[:space:]' <VERSION)"

check_pins() {
  local wrong
  wrong="$(grep -rnoE '@v[0-9]+\.[0-9]+\.[0-9]+|albumreport(-compare)?-[0-9]+\.[0-9]+\.[0-9]+' \
    README.md docs examples action.yml | grep -vE "(@v|-)$version\$" || true)"
  if [ -n "$wrong" ]; then
    echo "release: these pins do not name VERSION ($version):" >&2
    echo "$wrong" >&2
    echo "Pin every example to the version the README names (VERSION), or change VERSION." >&2
    return 1
  fi
  grep -qE "^## (Unreleased \\($version\\)|$version)" CHANGELOG.md || {
    echo "release: CHANGELOG.md has no section for $version ('## $version' or '## Unreleased ($version)')." >&2
    return 1
  }
}

check_pins
if [ "${1:-}" = "--check-pins" ]; then
  echo "release: every pin names $version, and CHANGELOG.md has its section."
  exit 0
fi

scripts/dist.sh
notes="dist/RELEASE-NOTES-$version.md"
{
  echo "# albumreport $version"
  echo
  # The CHANGELOG's section, without its heading, up to the next one.
  awk -v version="$version" '
    /^## / { if (inside) exit; if ($0 ~ "^## (Unreleased \\(" version "\\)|" version ")") { inside = 1; next } }
    inside { print }' CHANGELOG.md
  echo
  echo "## Tarballs"
  echo
  echo '```'
  cat dist/*-"$version"-linux-*.tar.gz.sha256
  echo '```'
  echo
  echo "Pin the action to \`@v$version\` and give \`binary-sha256\` the line of the tarball's \`.sha256\` file."
} >"$notes"
echo "release: wrote $notes and the tarballs:"
ls -1 dist/*-"$version"-linux-*.tar.gz*
cat <<NEXT
To publish $version:
  1. In CHANGELOG.md, rename '## Unreleased ($version)' to '## $version — $(date -u +%Y-%m-%d)'; commit.
  2. git tag -a v$version -m "albumreport $version" && git push origin v$version
  3. Create the GitHub release v$version with $notes as its text, and upload the files above.
NEXT
