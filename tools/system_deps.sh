#!/usr/bin/env bash
# Install the system packages the arena needs when they are missing: tesseract (OCR, with English,
# Simplified and Traditional Chinese), Noto CJK fonts (cards with Chinese text), the card typefaces
# and Chromium (the headless browser check of the leaderboard). Uses apt-get as root, or sudo when available.
set -euo pipefail
need=()
installed() { dpkg -s "$1" >/dev/null 2>&1; }
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
for pkg in tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-chi-tra fonts-noto-cjk; do
  installed "$pkg" || need+=("$pkg")
done
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Card typefaces (multimodal/cards/typefaces.py): handwriting, typewriter and book faces.
for pkg in fonts-humor-sans fonts-rufscript fonts-dkg-handwriting fonts-dancingscript fonts-kristi \
           fonts-gnutypewriter fonts-courier-prime fonts-ebgaramond fonts-goudybookletter; do
  installed "$pkg" || need+=("$pkg")
done
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "missing system packages: ${need[*]} (install them with apt-get as root)" >&2; exit 1
fi
echo "installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
