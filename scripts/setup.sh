#!/usr/bin/env bash
# Installs what the service needs on Debian 12 with Node and npm: system packages, Bun (from npm, into
# .tools/) and the locked dependencies. Safe to run again; it only installs what is missing.
# Source it (`. scripts/setup.sh`) to get Bun on PATH in the calling shell.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUN_VERSION="1.4.5"
# Debian packages the service runs: ffmpeg renders and probes media (with rubberband and lame); festival
# and its HTS and diphone voices, and espeak-ng's library, are the offline voices; ca-certificates for https;
# Inter, Roboto and Noto Color Emoji draw the chat screens (sharp reads system fonts through fontconfig).
APT_PACKAGES=(ffmpeg ca-certificates fonts-dejavu-core fonts-inter fonts-roboto-unhinted fonts-noto-color-emoji festival festvox-us-slt-hts festvox-kallpc16k festvox-kdlpc16k espeak-ng libespeak-ng1)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
if ! command -v bun >/dev/null 2>&1 || [ "$(bun --version)" != "$BUN_VERSION" ]; then
  echo "setup: installing bun $BUN_VERSION from npm into .tools/" >&2
  npm install --prefix "$ROOT/.tools" --no-save --no-package-lock --no-fund --no-audit "bun@$BUN_VERSION" >&2
fi

(cd "$ROOT" && bun install --frozen-lockfile >&2)

# Quiz cards are drawn by librsvg, which finds fonts through fontconfig: the card fonts (npm packages, OFL)
# go where fontconfig already looks for this user.
CARD_FONTS_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/fonts/shortvid"
if [ ! -f "$CARD_FONTS_DIR/.installed-v1" ]; then
  mkdir -p "$CARD_FONTS_DIR"
  for font in anton/400Regular/Anton_400Regular bangers/400Regular/Bangers_400Regular bebas-neue/400Regular/BebasNeue_400Regular \
    poppins/400Regular/Poppins_400Regular poppins/700Bold/Poppins_700Bold poppins/800ExtraBold/Poppins_800ExtraBold; do
    cp "$ROOT/node_modules/@expo-google-fonts/$font.ttf" "$CARD_FONTS_DIR/"
  done
  fc-cache -f "$CARD_FONTS_DIR" >/dev/null 2>&1 || true
  touch "$CARD_FONTS_DIR/.installed-v1"
fi

# Built-in background and music loops: generated once per machine into the media cache (about 2 minutes).
(cd "$ROOT" && bun scripts/generate-media.ts)
